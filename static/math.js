/* Math in statements: KaTeX (vendored at setup in static/vendor/katex) typesets the spans the
   server marked <span class="math"> (config/markdown_math.py), each holding one formula with
   its delimiters. Only those spans are scanned, so text the server left alone (a price, "\$")
   is never taken for math. A formula KaTeX cannot parse stays as written, in red. */
"use strict";

(function () {
  var delimiters = [
    { left: "$$", right: "$$", display: true },
    { left: "\\[", right: "\\]", display: true },
    { left: "\\(", right: "\\)", display: false },
    { left: "$", right: "$", display: false }
  ];

  function typeset() {
    if (!window.renderMathInElement) { return; }
    document.querySelectorAll(".statement .math").forEach(function (span) {
      window.renderMathInElement(span, { delimiters: delimiters, throwOnError: false });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", typeset);
  } else {
    typeset();
  }
})();
