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
})();
