// A club table's sums with the games that wait on this phone added, until the server has them
// (static/queue.js loads this while something waits): each side's total, how many games are
// in, and their sum. A game is read as the table's panel posts it and the server reads it
// (GameForm.game() in scorer/web/club/forms.py: one it will refuse is not counted), made as
// TableGame.entered() makes it and scored as side_scores() in scorer/club/standings.py
// scores it, in points or Striche, from the evening's rules as data (Event.table_scoring in
// scorer/club/event.py). tests/browser/test_projection_modes.py holds it to the server.
(function () {
  "use strict";

  // scorer/web/core/forms.py: small_whole().
  function small(text, most) {
    text = text || "";
    if (!/^[0-9]+$/.test(text) || text.length > String(most).length) return null;
    const value = parseInt(text, 10);
    return value <= most ? value : null;
  }

  // A game as the panel posted it: what each side writes and each side's trick points, or
  // null when the server refuses it (a Match box sent with another value than its own too).
  function game(fields, rules) {
    const side = small(fields.side, 1);
    const match = fields.match === "y";
    const text = (fields.points || "").trim();
    let points = small(text, rules.points);
    if (side === null || !(fields.match === undefined || match)) return null;
    if (match) points = rules.points; // all 157, whatever was typed
    else if (points === null || rules.impossible.includes(points)) return null;
    const extras = [0, 0];
    if (rules.weis) {
      for (const [s, name] of [[0, "weis_a"], [1, "weis_b"]]) {
        const typed = (fields[name] || "").trim();
        extras[s] = typed ? small(typed, rules.weis_most) : 0;
        if (extras[s] === null) return null;
      }
    }
    let times = 1;
    if (Object.keys(rules.times).length) {
      if (!Object.hasOwn(rules.times, fields.contract || "")) return null;
      times = rules.times[fields.contract];
    }
    const tricks = [rules.points - points, rules.points - points];
    tricks[side] = points;
    const made = [0, 1].map((s) => (tricks[s] + extras[s] + (match && s === side ? rules.bonus : 0)) * times);
    if (rules.ranking === "points") return { scores: made, tricks: tricks };
    const striche = [0, 0];
    if (made[0] !== made[1]) {
      const winner = made[0] > made[1] ? 0 : 1;
      striche[winner] = match && winner === side ? 2 : 1;
    }
    return { scores: striche, tricks: tricks };
  }

  // The games that wait, in order, after the `entered` games the server has: each as game()
  // reads it (null where the server will refuse it, or the Passe is full).
  function games(rules, entered, entries) {
    return entries.map(function (fields) {
      const read = entered < rules.games ? game(fields, rules) : null;
      if (read) entered += 1;
      return read;
    });
  }

  // What each of them adds to the sums (null where the server will refuse it).
  function add(rules, entered, entries) {
    return games(rules, entered, entries).map((read) => read && read.scores);
  }

  // The page's sums (the server's), with `entries` added.
  function project(root, entries, rules, swap, said) {
    const live = root.getElementById("live");
    const totals = [0, 1].map((s) => root.getElementById("total-" + s));
    const progress = root.getElementById("progress");
    if (!live || totals.includes(null) || !progress) return;
    const entered = +live.dataset.entries;
    const read = games(rules, entered, entries).filter(Boolean);
    const counted = read.map((g) => g.scores);
    if (!counted.length) return;
    const sums = [0, 1].map((s) => counted.reduce((sum, scores) => sum + scores[s], parseInt(totals[s].textContent, 10)));
    totals.forEach(function (total, s) {
      const now = total.cloneNode(false);
      now.textContent = sums[s];
      now.classList.add("projected");
      swap(total, now.outerHTML);
    });
    // Ranked by Striche, the trick points and their control (157 a game) too.
    const control = root.getElementById("tricks");
    if (control) {
      const kept = control.dataset.tricks.split(" ").map(Number);
      const tricks = [0, 1].map((s) => read.reduce((sum, g) => sum + g.tricks[s], kept[s]));
      const played = entered + read.length;
      const words = { a: tricks[0], b: tricks[1], sum: tricks[0] + tricks[1], games: played,
        points: rules.points, control: played * rules.points };
      const now = control.cloneNode(false);
      now.textContent = rules.words.tricks.replace(/\{(\w+)\}/g, (_, name) => words[name]);
      now.classList.add("projected");
      swap(control, now.outerHTML);
    }
    const now = progress.cloneNode(false);
    now.textContent = [
      rules.words.progress.replace("{entered}", entered + counted.length).replace("{games}", rules.games),
      rules.words.sum.replace("{sum}", sums[0] + sums[1]),
      said.replace("{number}", counted.length),
    ].join(" · ");
    now.classList.add("projected");
    swap(progress, now.outerHTML);
  }

  window.JassProjection = project;
  project.parts = { add: add };
})();
