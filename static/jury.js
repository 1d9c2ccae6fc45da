/* Jury pages: small progressive enhancements; every page works without this file. */
"use strict";

(function () {
  /* Rejudge progress: poll the JSON endpoint, move the bar, reload when all are judged (the
     matrix and the Apply button then show the final state). */
  function followProgress(box) {
    if (box.dataset.state !== "judging" || box.dataset.finished === "1") { return; }
    var bar = box.querySelector(".bar");
    function poll() {
      fetch(box.dataset.progressUrl, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (p) {
          bar.style.width = p.percent + "%";
          box.querySelector("[data-done]").textContent = p.done;
          box.querySelector("[data-total]").textContent = p.total;
          if (p.done === p.total || p.state !== "judging") { window.location.reload(); return; }
          setTimeout(poll, 2000);
        })
        .catch(function () { setTimeout(poll, 5000); });
    }
    setTimeout(poll, 1500);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("progress");
    if (box) { followProgress(box); }
    /* A report being judged, a self-test waiting for its worker: reload until done. */
    if (document.querySelector("[data-reload-while-judging]")) {
      setTimeout(function () { window.location.reload(); }, 3000);
    }
  });
})();
