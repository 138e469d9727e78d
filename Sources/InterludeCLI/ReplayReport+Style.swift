extension ReplayReport {
    /// The page's CSS (inline: the page loads nothing from anywhere).
    static let style = """
        :root { color-scheme: light; --fail: #b91c1c; --pass: #15803d; --ink: #111827; --muted: #6b7280; }
        body { font: 14px/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink);
               margin: 0 auto; padding: 16px 24px 48px; max-width: 1440px; background: #f9fafb; }
        header { display: flex; align-items: baseline; gap: 24px; border-bottom: 2px solid #e5e7eb;
                 margin-bottom: 16px; }
        h1 { font-size: 24px; margin: 8px 0; }
        h3 { font-size: 15px; margin: 16px 0 6px; }
        code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
        .count { font-weight: bold; padding: 2px 8px; border-radius: 10px; }
        .count.pass { background: #dcfce7; color: var(--pass); }
        .count.fail { background: #fee2e2; color: var(--fail); }
        .count.none { background: #f3f4f6; color: var(--muted); }
        .badge { display: inline-block; min-width: 46px; text-align: center; font-weight: bold; font-size: 12px;
                 padding: 1px 6px; border-radius: 4px; color: #fff; }
        .badge.pass { background: var(--pass); }
        .badge.fail, .badge.hung, .badge.crashed { background: var(--fail); }
        table { border-collapse: collapse; background: #fff; }
        th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
        th { background: #f3f4f6; font-size: 12px; color: #374151; }
        table.summary { width: 100%; margin-bottom: 20px; }
        table.summary tr.fail td { background: #fef2f2; }
        details.script { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; margin: 12px 0;
                         padding: 0 16px 8px; }
        details.script.fail { border-left: 6px solid var(--fail); }
        details.script.pass { border-left: 6px solid var(--pass); }
        summary { cursor: pointer; padding: 10px 0; font-size: 16px; }
        summary .name { font-weight: bold; margin: 0 8px; }
        summary .facts { color: var(--muted); font-size: 13px; }
        .links { margin: 0 0 8px; color: var(--muted); }
        ul.failures { background: #fef2f2; border: 1px solid #fecaca; border-radius: 6px; padding: 8px 8px 8px 28px;
                      color: var(--fail); font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 12px; }
        .problem { color: #92400e; background: #fffbeb; padding: 6px 10px; border-radius: 6px; }
        .frames { display: flex; flex-wrap: wrap; gap: 12px; }
        figure.frame { margin: 0; background: #f3f4f6; padding: 6px; border-radius: 6px; }
        figure.frame img { display: block; width: 320px; height: 180px; object-fit: contain; background: #000;
                           border-radius: 3px; }
        figure.frame img.missing { outline: 3px solid var(--fail); }
        figure.frame figcaption { font-size: 12px; margin-top: 4px; }
        .unrendered { width: 320px; height: 180px; display: flex; align-items: center; justify-content: center;
                      text-align: center; background: #e5e7eb; color: var(--muted); border-radius: 3px; }
        table.expectations tr.failed td { background: #fee2e2; color: var(--fail); font-weight: bold; }
        table.expectations tr.held td:last-child { color: var(--pass); }
        div.timeline { overflow-x: auto; border: 1px solid #e5e7eb; border-radius: 6px; }
        div.timeline svg { display: block; max-width: 100%; height: auto; }
        h2 { font-size: 19px; margin: 20px 0 8px; }
        div.matrix { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; margin: 12px 0;
                     padding: 0 16px 12px; }
        div.matrix.fail { border-left: 6px solid var(--fail); }
        div.matrix.pass { border-left: 6px solid var(--pass); }
        div.matrix h3 .facts { color: var(--muted); font-weight: normal; font-size: 13px; }
        div.matrix .scroll { overflow-x: auto; }
        table.matrix { font-size: 12px; width: 100%; min-width: 900px; table-layout: fixed; }
        table.matrix th:first-child { width: 52px; }
        table.matrix th:nth-child(2) { width: 118px; }
        table.matrix th.profile { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        table.matrix td { border-left: 1px solid #f3f4f6; overflow-wrap: anywhere; }
        table.matrix td code { font-size: 10.5px; }
        table.matrix td.time, table.matrix td.input { background: #f9fafb; }
        table.matrix tr.same td:not(.time):not(.input) { color: var(--muted); }
        table.matrix .callbacks code { color: #1d4ed8; }
        table.matrix .none { color: var(--muted); font-style: italic; }
        table.matrix .state { margin-top: 2px; }
        table.matrix .work { line-height: 1.25; }
        table.matrix .work code { color: #7e22ce; font-size: 10px; }
        table.matrix td.rejected { background: #fff7ed; color: #9a3412; }
        .engine-events { line-height: 1.25; margin-top: 2px; }
        .engine-events .engine { color: var(--muted); font-weight: bold; }
        .engine-events code { color: #047857; font-size: 10px; }
        table.engines { font-size: 12px; }
        table.matrix td.rejected .why { font-size: 11px; }
        table.matrix td.ignored { color: var(--muted); }
        table.matrix .failed { color: var(--fail); font-weight: bold; }

        """

    /// Marks each thumbnail `data-loaded="yes"` once its PNG has loaded, or `"no"` (and outlines it) when it is
    /// missing: a moved folder or a lost frame shows at a glance, and the browser test reads the marks.
    static let imageCheck = """
        for (const image of document.querySelectorAll("figure.frame img")) {
          const mark = () => {
            const loaded = image.complete && image.naturalWidth > 0;
            image.dataset.loaded = loaded ? "yes" : "no";
            if (!loaded) image.classList.add("missing");
          };
          if (image.complete) mark(); else { image.addEventListener("load", mark); image.addEventListener("error", mark); }
        }

        """
}
