// A Differenzler round that waits on this phone cannot be scored here: its Trumpf and the
// predictions stay on the server (scorer/web/differenzler/views.py: they never travel to the
// phone), and a round's standing is each player's points against the prediction. So the
// board says plainly that the standings leave it out until it is sent (static/queue.js loads
// this while something waits).
(function () {
  "use strict";

  function project(root, entries, rules) {
    const counter = root.getElementById("counter");
    const live = root.getElementById("live");
    if (!counter || !live || !entries.length) return;
    const first = +live.dataset.entries + 1;
    const numbers = entries.map((_, i) => first + i).join(", ");
    const line = root.createElement("p");
    line.className = "note projected";
    line.id = "uncounted";
    line.textContent = rules.words.replace("{number}", numbers);
    line.dataset.was = ""; // not the server's: it goes when the projection is drawn again
    counter.after(line);
  }

  window.JassProjection = project;
})();
