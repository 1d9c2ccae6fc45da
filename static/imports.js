/* A package import's page: poll the job's status, show its step, reload when it is done (the
   page then shows the result and the package's submissions judged). Works without it too: the
   page says to reload. */
"use strict";

(function () {
  function follow(box) {
    var step = box.querySelector("[data-step]");
    var state = box.querySelector("[data-state]");
    function poll() {
      fetch(box.dataset.statusUrl, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
        .then(function (s) {
          state.textContent = s.label;
          step.textContent = s.step;
          if (s.finished) { window.location.reload(); return; }
          setTimeout(poll, 1000);
        })
        .catch(function () { setTimeout(poll, 4000); });
    }
    setTimeout(poll, 500);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("import-progress");
    if (box && box.dataset.finished !== "1") { follow(box); }
  });
})();
