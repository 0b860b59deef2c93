// The round clock: every [data-clock] element counts down from data-left, the
// seconds the server said were left when it made the element. Only the time
// passed on this device since then is used (performance.now), never its time of
// day, so a phone whose clock is wrong still agrees with the room. The words
// come from the page (data-last-minute, data-time-up): no arithmetic of the
// game here, and nothing to translate.
(function () {
  "use strict";

  function twoDigits(n) {
    return (n < 10 ? "0" : "") + n;
  }

  // The seconds each round's clock showed at the last tick, to tell the
  // moment its time runs out (the projector's bell, static/js/bell.js) from a
  // page opened after it had.
  var lastLeft = {};

  function tick() {
    var clocks = document.querySelectorAll("[data-clock]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i];
      if (el.dataset.running !== "1") continue;
      if (el.clockMadeAt === undefined) el.clockMadeAt = window.performance.now();
      var passed = (window.performance.now() - el.clockMadeAt) / 1000;
      var left = Math.max(0, Math.ceil(Number(el.dataset.left) - passed));
      var time = el.querySelector("[data-clock-time]");
      var text = Math.floor(left / 60) + ":" + twoDigits(left % 60);
      if (time && time.textContent !== text) time.textContent = text;
      var note = el.querySelector("[data-clock-note]");
      var word = left === 0 ? el.dataset.timeUp : left <= 60 ? el.dataset.lastMinute : "";
      if (word && note && note.textContent !== word) note.textContent = word;
      el.classList.toggle("clock-warning", left > 0 && left <= 60);
      el.classList.toggle("clock-up", left === 0);
      var round = el.dataset.clockRound || "";
      if (left === 0 && lastLeft[round] > 0) {
        document.dispatchEvent(new CustomEvent("clock:time-up", { detail: { round: round } }));
      }
      lastLeft[round] = left;
    }
  }

  tick();
  window.setInterval(tick, 250);
  document.addEventListener("htmx:afterSwap", tick);
})();
