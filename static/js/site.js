// Small helpers; every page works without this file.
(function () {
  "use strict";
  // Score grid: show East-West's tricks as North-South's are typed. The page
  // lists E-W's tricks for each count of N-S's: no arithmetic here.
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input.tricks")) return;
    var target = document.getElementById(input.dataset.ew);
    var form = input.closest("[data-ew-by-ns]");
    if (!target || !form) return;
    var ewByNs = form.dataset.ewByNs.split(" ");
    var ew = ewByNs[parseInt(input.value, 10)];
    target.textContent = ew === undefined ? "" : ew;
  });

  // A form the server turned down (4xx) comes back as a whole page, which a
  // boosted form scrolls to its top: the message and whatever it asks (which
  // of two namesakes, say) could be screens further down. Once htmx has done
  // its scrolling, the first thing wrong is brought into view instead.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!event.detail.boosted || !xhr || xhr.status < 400 || xhr.status >= 500) return;
    window.setTimeout(function () {
      var wrong = document.querySelector("#main .errors, #main .has-error, #main [role=alert]");
      if (wrong) wrong.scrollIntoView({ block: "start" });
    }, 0);
  });
})();
