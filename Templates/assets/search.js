/* gen search: runs from disk (file://) with no server. The index is classic scripts that hand their data to
   window.genSearch: search/index.js (filter values, people, schools, pages), then one search/YYYY-MM.js per
   month, loaded newest first and only while more results are wanted. Results follow the words and filters as
   they are typed (a pause of a fifth of a second), Enter runs at once and keeps the query in the address.
   A search that finds nothing offers a near miss ("Did you mean …?"), from the entries it read anyway.
   Everything shown is set as text. */
(function () {
  "use strict";
  var doc = document;
  var PAGE = 50;
  var form = doc.getElementById("search-form");
  var status = doc.getElementById("search-status");
  var list = doc.getElementById("search-results");
  var more = doc.getElementById("search-more");
  if (!form || !list) { return; }

  var index = null;
  var query = null;
  var months = [];      // month keys still to read, newest first
  var shown = 0;        // results on the page
  var limit = PAGE;     // results wanted before reading stops
  var pending = [];     // results found but not shown yet
  var reading = false;
  var expecting = null; // the month file the current search asked for: a file an earlier search asked for is ignored
  var timer = null;
  var generation = 0;   // which search a loaded file belongs to

  /* Case and accents ignored: "Renee" finds "Renée". */
  function fold(text) { return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }

  function load(src, done) {
    var script = doc.createElement("script");
    script.src = src;
    script.onload = function () { script.remove(); done(true); };
    script.onerror = function () { script.remove(); done(false); };
    doc.body.appendChild(script);
  }

  var KINDS = { report: "Report", day: "Day", critique: "Critique", person: "Photographer", school: "School", page: "Page" };

  var MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  function pad(n) { return (n < 10 ? "0" : "") + n; }

  /* Dates as people type them: 2024-10-14, 10/14/2024, 10/14, Oct 14, Oct 14 2024, October 14, 2024. Each
     becomes "YYYY-MM-DD" or "-MM-DD" (any year), matched against an entry's date; the rest are words. */
  function dates(text) {
    var found = [];
    text = text.replace(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, function (all, y, m, d) {
      found.push(y + "-" + pad(+m) + "-" + pad(+d)); return " ";
    });
    text = text.replace(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/g, function (all, m, d, y) {
      if (+m < 1 || +m > 12 || +d < 1 || +d > 31) { return all; }
      found.push((y || "") + "-" + pad(+m) + "-" + pad(+d)); return " ";
    });
    text = text.replace(/\b([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?\b/gi, function (all, mon, d, y) {
      var m = MONTHS.indexOf(mon.toLowerCase());
      if (m < 0 || +d < 1 || +d > 31) { return all; }
      found.push((y || "") + "-" + pad(m + 1) + "-" + pad(+d)); return " ";
    });
    return { days: found, rest: text };
  }

  /* The filters and typed dates alone, without the words. */
  function passes(entry) {
    var q = query;
    if (q.photographer && (entry.p || []).indexOf(q.photographer) < 0) { return false; }
    if (q.school && (entry.s || []).indexOf(q.school) < 0) { return false; }
    if (q.template && entry.tp !== q.template) { return false; }
    if (q.job && entry.j !== q.job) { return false; }
    if ((q.from || q.to) && !entry.d) { return false; }
    if (q.from && entry.d < q.from) { return false; }
    if (q.to && entry.d > q.to) { return false; }
    if (q.problems && (entry.f || []).indexOf("problems") < 0) { return false; }
    if (q.discrepancy && (entry.f || []).indexOf("discrepancy") < 0) { return false; }
    for (var k = 0; k < q.days.length; k++) {
      var day = q.days[k];
      if (!entry.d || (day.charAt(0) === "-" ? entry.d.slice(4) !== day : entry.d !== day)) { return false; }
    }
    return true;
  }

  /* The words an entry is found by, folded once. */
  function words(entry) {
    if (entry._f === undefined) { entry._f = fold(entry.t + " \u0001 " + entry.m + " \u0001 " + flagWords(entry) + " \u0001 " + entry.x); }
    return entry._f;
  }

  function matches(entry) {
    if (!passes(entry)) { return false; }
    var terms = query.terms;
    if (terms.length === 0) { return true; }
    var f = words(entry);
    for (var i = 0; i < terms.length; i++) { if (f.indexOf(terms[i]) < 0) { return false; } }
    return true;
  }

  /* Near misses. While a search has found nothing, the entries it reads anyway (those that pass the filters)
     are looked through for words one edit away from each typed word of five letters or more that is found
     nowhere: a letter added, dropped or changed, or two neighbouring letters swapped. A correction counts
     only where it makes an entry a result, so the suggestion finds something. The typed word is cut in two
     pieces around its middle letters: one edit leaves one of them whole, so only the words holding a piece
     (found with indexOf in the month's words as one string) are compared. No file is read for it. It stops
     at the first result; once a month has given a correction, the later ones are only read for the typed
     words themselves (one found anywhere is no typo). */
  var LETTERS = /^[\p{L}\p{N}]+$/u, LETTER = /[\p{L}\p{N}]/u;
  var hunt = null;  // {terms: {term: {pieces, seen}}, fixes: {key: {to: {term: word}, count, entry}}}

  function startHunt(terms) {
    var wanted = Object.create(null), any = false;
    terms.forEach(function (term) {
      if (Array.from(term).length < 5 || !LETTERS.test(term) || !/\p{L}/u.test(term)) { return; }
      var half = (term.length - 1) >> 1;
      wanted[term] = { pieces: [term.slice(0, half), term.slice(term.length - half)], seen: false };
      any = true;
    });
    return any ? { terms: wanted, fixes: Object.create(null) } : null;
  }

  function letter(c) {
    return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c > 127 && LETTER.test(String.fromCharCode(c)));
  }

  /* Whether a and b differ by exactly one edit. */
  function oneEdit(a, b) {
    var la = a.length, lb = b.length, i = 0;
    if (la - lb > 1 || lb - la > 1) { return false; }
    while (i < la && i < lb && a.charAt(i) === b.charAt(i)) { i++; }
    if (la === lb) {
      if (i === la) { return false; }
      return a.slice(i + 1) === b.slice(i + 1) ||
        (a.charAt(i) === b.charAt(i + 1) && a.charAt(i + 1) === b.charAt(i) && a.slice(i + 2) === b.slice(i + 2));
    }
    return la > lb ? a.slice(i + 1) === b.slice(i) : b.slice(i + 1) === a.slice(i);
  }

  /* The words of folded text one edit away from term, with how often each occurs. */
  function nearWords(term, pieces, text) {
    var near = new Map(), checked = new Map();
    for (var p = 0; p < pieces.length; p++) {
      for (var at = text.indexOf(pieces[p]); at >= 0; ) {
        var from = at, to = at + pieces[p].length;
        while (from > 0 && letter(text.charCodeAt(from - 1))) { from--; }
        while (to < text.length && letter(text.charCodeAt(to))) { to++; }
        var word = text.slice(from, to), ok = checked.get(word);
        if (ok === undefined) { ok = oneEdit(term, word); checked.set(word, ok); }
        // A word holding both pieces is counted once, on the first.
        if (ok && (p === 0 || word.indexOf(pieces[0]) < 0)) { near.set(word, (near.get(word) || 0) + 1); }
        at = text.indexOf(pieces[p], to);
      }
    }
    return near;
  }

  function fixed(to, count, entry) {
    var key = JSON.stringify(to), had = hunt.fixes[key];
    if (had) { had.count += count; } else { hunt.fixes[key] = { to: to, count: count, entry: entry }; }
  }

  /* The entries that match; while nothing has been found, near misses are gathered from the others. */
  function sift(entries) {
    if (!hunt) { return entries.filter(matches); }
    var terms = query.terms, found = [], others = [];
    for (var n = 0; n < entries.length; n++) {
      if (!passes(entries[n])) { continue; }
      var f = words(entries[n]), missing = false;
      for (var i = 0; i < terms.length; i++) {
        if (f.indexOf(terms[i]) < 0) { missing = true; } else if (hunt.terms[terms[i]]) { hunt.terms[terms[i]].seen = true; }
      }
      (missing ? others : found).push(entries[n]);
    }
    // Once every such word is found somewhere, none of them is the misspelt one.
    var open = Object.keys(hunt.terms).some(function (term) { return !hunt.terms[term].seen; });
    if (found.length > 0 || !open) { hunt = null; return found; }
    // A correction of a word since found is none: gathering starts again.
    var fixes = Object.keys(hunt.fixes);
    if (fixes.every(function (key) { return Object.keys(hunt.fixes[key].to).some(function (t) { return hunt.terms[t].seen; }); })) {
      hunt.fixes = Object.create(null);
      gather(others);
    }
    return found;
  }

  function gather(entries) {
    var text = entries.map(words).join("\n"), near = Object.create(null), some = false;
    Object.keys(hunt.terms).forEach(function (term) {
      if (hunt.terms[term].seen) { return; }
      near[term] = nearWords(term, hunt.terms[term].pieces, text);
      some = some || near[term].size > 0;
    });
    if (!some) { return; }
    var terms = query.terms;
    if (terms.length === 1) {
      near[terms[0]].forEach(function (count, word) {
        var to = Object.create(null);
        to[terms[0]] = word;
        var entry = hunt.fixes[JSON.stringify(to)] ? null : entries.find(function (e) { return words(e).indexOf(word) >= 0; });
        fixed(to, count, entry);
      });
      return;
    }
    // Several words: each missing one needs a near miss in the same entry.
    entries.forEach(function (entry) {
      var f = words(entry), fixes = [Object.create(null)];
      for (var i = 0; i < terms.length && fixes.length > 0; i++) {
        if (f.indexOf(terms[i]) >= 0) { continue; }
        var more = [];
        if (near[terms[i]]) {
          near[terms[i]].forEach(function (count, word) {
            if (f.indexOf(word) < 0) { return; }
            fixes.forEach(function (fix) {
              var to = Object.create(null);
              Object.keys(fix).forEach(function (t) { to[t] = fix[t]; });
              to[terms[i]] = word;
              if (more.length < 8) { more.push(to); }
            });
          });
        }
        fixes = more;
      }
      fixes.forEach(function (to) { if (Object.keys(to).length > 0) { fixed(to, 1, entry); } });
    });
  }

  /* The typed words with the likeliest correction, spelt as the entry spells them; null when none. */
  function suggestion() {
    if (!hunt) { return null; }
    var best = null;
    Object.keys(hunt.fixes).forEach(function (key) {
      var fix = hunt.fixes[key];
      if (Object.keys(fix.to).some(function (t) { return hunt.terms[t].seen; })) { return; }
      if (!best || fix.count > best.count) { best = fix; }
    });
    if (!best) { return null; }
    var raw = best.entry.t + " " + best.entry.m + " " + best.entry.x, spelt = Object.create(null);
    (raw.match(/[\p{L}\p{M}\p{N}]+/gu) || []).forEach(function (word) {
      var f = fold(word);
      if (spelt[f] === undefined) { spelt[f] = word; }
    });
    var changed = false;
    var text = query.typed.split(/(\s+)/).map(function (part) {
      var f = fold(part);
      if (!Object.prototype.hasOwnProperty.call(best.to, f)) { return part; }
      changed = true;
      return spelt[best.to[f]] || best.to[f];
    }).join("").trim();
    return changed ? text : null;
  }

  /* A piece of the entry's words around the first term found, every term in it marked. Folding may change a
     character's length, so positions are mapped back character by character. */
  function snippet(text, terms) {
    if (!text || terms.length === 0) { return null; }
    var chars = Array.from(text), folded = "", origin = [];
    for (var i = 0; i < chars.length; i++) {
      var f = fold(chars[i]);
      for (var j = 0; j < f.length; j++) { origin.push(i); }
      folded += f;
    }
    var marks = [];  // [start, end) in characters
    terms.forEach(function (term) {
      for (var at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + term.length)) {
        marks.push([origin[at], origin[at + term.length - 1] + 1]);
      }
    });
    if (marks.length === 0) { return null; }
    marks.sort(function (a, b) { return a[0] - b[0]; });
    var from = Math.max(0, marks[0][0] - 70), to = Math.min(chars.length, marks[0][1] + 90);
    var p = doc.createElement("p");
    p.className = "search-snippet";
    var at = from;
    p.appendChild(doc.createTextNode(from > 0 ? "…" : ""));
    marks.forEach(function (m) {
      if (m[0] < at || m[1] > to) { return; }
      p.appendChild(doc.createTextNode(chars.slice(at, m[0]).join("")));
      var mark = doc.createElement("mark");
      mark.textContent = chars.slice(m[0], m[1]).join("");
      p.appendChild(mark);
      at = m[1];
    });
    p.appendChild(doc.createTextNode(chars.slice(at, to).join("") + (to < chars.length ? "…" : "")));
    return p;
  }

  /* The words a result shows besides its title and facts, so they find it too. */
  function flagWords(entry) {
    var words = [];
    if (entry.f && entry.f.indexOf("problems") >= 0) { words.push("validation problems invalid"); }
    if (entry.f && entry.f.indexOf("discrepancy") >= 0) { words.push("mileage discrepancy"); }
    return words.join(" ");
  }

  function show(entry) {
    var li = doc.createElement("li");
    li.className = "search-result";
    var head = doc.createElement("p");
    head.className = "search-head";
    var kind = doc.createElement("span");
    kind.className = "search-kind";
    kind.textContent = KINDS[entry.k] || entry.k;
    var a = doc.createElement("a");
    if (typeof entry.h === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(entry.h) && entry.h.charAt(0) !== "/") { a.setAttribute("href", entry.h); }
    a.textContent = entry.t;
    head.appendChild(kind);
    head.appendChild(doc.createTextNode(" "));
    head.appendChild(a);
    li.appendChild(head);
    var meta = [entry.m];
    if (entry.f && entry.f.indexOf("problems") >= 0) { meta.push("validation problems"); }
    if (entry.f && entry.f.indexOf("discrepancy") >= 0) { meta.push("mileage discrepancy"); }
    var facts = doc.createElement("p");
    facts.className = "search-meta muted";
    facts.textContent = meta.filter(Boolean).join(" · ");
    li.appendChild(facts);
    var piece = snippet(entry.x, query.terms);
    if (piece) { li.appendChild(piece); }
    list.appendChild(li);
    shown += 1;
  }

  function flush() {
    while (pending.length > 0 && shown < limit) { show(pending.shift()); }
  }

  function report() {
    var total = index.months.length, read = total - months.length;
    var text = shown === 0 ? "No results" : shown + (shown === 1 ? " result" : " results");
    var done = months.length === 0 && pending.length === 0;
    if (!done) {
      text += reading ? " so far · reading " + read + " of " + total + " months" : " shown · more may follow";
    } else if (total > 1) {
      text += " · every month searched";
    }
    status.textContent = text;
    more.hidden = reading || done;
    var better = done && !reading && shown === 0 ? suggestion() : null;
    hunt = done ? null : hunt;
    if (better) {
      // Said with the status (a live region); a link, so it is reached with Tab (or the down arrow) and
      // opens in a new tab as well.
      status.appendChild(doc.createTextNode(". Did you mean "));
      var a = doc.createElement("a");
      a.className = "search-suggestion";
      a.setAttribute("href", address(better));
      a.textContent = better;
      a.addEventListener("click", function (event) {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) { return; }
        event.preventDefault();
        form.elements.q.value = better;
        try { history.replaceState(null, "", address()); } catch (e) { /* as for Enter */ }
        run();
        form.elements.q.focus();
      });
      status.appendChild(a);
      status.appendChild(doc.createTextNode("?"));
    }
  }

  /* Reads months, newest first, until enough results are waiting or none are left. */
  function next() {
    flush();
    if (shown >= limit || months.length === 0) { reading = false; report(); return; }
    reading = true;
    report();
    var key = months.shift();
    expecting = key;
    load("search/" + key + ".js", function () { if (expecting === key) { expecting = null; next(); } });
  }

  var idMonths = null;  // a report id's month, from search/ids-<xx>.js

  window.genSearch = {
    index: function (data) {
      index = data;
      start();
    },
    ids: function (map) { idMonths = map; },
    month: function (data) {
      if (!query || data.month !== expecting) { return; }
      if (pending.length > 0 || shown > 0) { hunt = null; }
      var found = sift(data.entries);
      found.sort(function (a, b) { return a.d < b.d ? 1 : a.d > b.d ? -1 : 0; });
      pending = pending.concat(found);
    }
  };

  function fill(select, options) {
    options.forEach(function (o) {
      var option = doc.createElement("option");
      option.value = o.key;
      option.textContent = o.name;
      select.appendChild(option);
    });
  }

  /* The form as the address gives it, then the search it asks for. */
  function start() {
    form.querySelectorAll("select[data-options]").forEach(function (select) { fill(select, index[select.getAttribute("data-options")] || []); });
    var params = new URLSearchParams(location.search);
    ["q", "photographer", "school", "template", "job", "from", "to"].forEach(function (name) {
      var field = form.elements[name];
      if (field && params.get(name)) { field.value = params.get(name); }
    });
    ["problems", "discrepancy"].forEach(function (name) { form.elements[name].checked = params.get(name) === "1"; });
    var filters = doc.getElementById("search-filters");
    var filtered = ["photographer", "school", "template", "job", "from", "to", "problems", "discrepancy"].some(function (name) { return params.get(name); });
    // On a phone the filters fold away, so the results come first; a search that uses one shows them.
    if (filters && !filtered && window.matchMedia && window.matchMedia("(max-width: 600px)").matches) { filters.open = false; }
    form.hidden = false;
    run();
  }

  /* Searches for what the form holds now, from the first result. */
  function run() {
    clearTimeout(timer);
    list.textContent = "";
    shown = 0;
    limit = PAGE;
    pending = [];
    months = [];
    expecting = null;
    reading = false;
    more.hidden = true;
    status.setAttribute("data-query", form.elements.q.value);  // which words the status speaks of
    status.textContent = "Searching…";  // not the last search's count while a report id's month is found
    var mine = ++generation;
    var typed = dates(form.elements.q.value);
    query = {
      typed: form.elements.q.value, terms: fold(typed.rest).split(/\s+/).filter(Boolean), days: typed.days,
      photographer: form.elements.photographer.value, school: form.elements.school.value,
      template: form.elements.template.value, job: form.elements.job.value,
      from: form.elements.from.value, to: form.elements.to.value,
      problems: form.elements.problems.checked, discrepancy: form.elements.discrepancy.checked
    };
    var any = query.terms.length > 0 || query.days.length > 0 || query.photographer || query.school || query.template || query.job ||
      query.from || query.to || query.problems || query.discrepancy;
    if (!any) { status.textContent = "Type words or choose a filter."; return; }
    // People, schools and pages first: they are found by their words alone.
    var onlyWords = !(query.school || query.template || query.job || query.from || query.to || query.problems || query.discrepancy);
    hunt = startHunt(query.terms);
    if (onlyWords) { pending = sift(index.entries); }
    // A date range reads only its months.
    var first = query.from ? query.from.slice(0, 7) : "", last = query.to ? query.to.slice(0, 7) : "9999";
    months = index.months.filter(function (m) {
      return m >= first && m <= last && query.days.every(function (d) { return d.charAt(0) === "-" ? m.slice(4) === d.slice(0, 3) : m === d.slice(0, 7); });
    });
    // One word that may be a report id: its month is read first (the site lists ids by their first character;
    // an archive, one month, has no such list).
    var term = query.terms.length === 1 ? query.terms[0] : "";
    if (term.length < 8 || /\s/.test(term) || months.length < 2) { next(); return; }
    var hex = Array.from(new TextEncoder().encode(Array.from(term)[0]))
      .map(function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
    if ((index.idFiles || []).indexOf(hex) < 0) { next(); return; }  // no report id starts so
    load("search/ids-" + hex + ".js", function () {
      if (mine !== generation) { return; }
      var month = idMonths && Object.prototype.hasOwnProperty.call(idMonths, term) ? idMonths[term] : null;
      if (month && months.indexOf(month) >= 0) {
        months = [month].concat(months.filter(function (m) { return m !== month; }));
      }
      next();
    });
  }

  /* The address a search of the form's values has (with other words, if given), so a search kept or sent
     opens as it was. */
  function address(typed) {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (field) {
      var value = field.name === "q" && typed !== undefined ? typed : field.value;
      if (!field.name || (field.type === "checkbox" && !field.checked) || !value) { return; }
      params.set(field.name, value);
    });
    return "?" + params.toString();
  }

  form.addEventListener("input", function () {
    if (!index) { return; }
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!index) { return; }
    try { history.replaceState(null, "", address()); } catch (e) { /* some browsers refuse it for file:// pages */ }
    run();
  });
  more.addEventListener("click", function () { limit += PAGE; next(); });

  /* Arrow keys: down from the box to the first result, then from result to result; up from the first back
     to the box. */
  doc.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") { return; }
    var links = Array.prototype.slice.call(list.querySelectorAll(".search-head a"));
    if (links.length === 0) { links = Array.prototype.slice.call(status.querySelectorAll("a")); }  // "Did you mean …?"
    var box = form.elements.q, at = links.indexOf(doc.activeElement);
    if (doc.activeElement === box && event.key === "ArrowDown" && links.length > 0) {
      links[0].focus();
    } else if (at >= 0) {
      if (event.key === "ArrowDown" && at + 1 < links.length) { links[at + 1].focus(); }
      if (event.key === "ArrowUp") { (at > 0 ? links[at - 1] : box).focus(); }
    } else {
      return;
    }
    event.preventDefault();
  });
  load("search/index.js", function (ok) {
    if (!ok) { status.textContent = "The search index is missing next to this page."; }
  });
})();
