// The playground page: an editor, a goal, a strategy; the answer (knot's and chalk's notation), the
// proof tree (collapsible, its source locations highlight the editor's line) and the search view
// (trace-view.js, the renderer `knot query --trace-html` inlines). Permalinks:
//   index.html?example=link&goal=...&strategy=slg&coinductive=default&run=1
//   index.html?file=a.rs&program=<base64url of the text>&goal=...&run=1
(function () {
  'use strict';
  var EXAMPLES = [
    { name: 'link', file: 'link.rs', goal: 'Link<MyWrapper>: Debug', title: 'the seed: a cycle through an associated type' },
    { name: 'vec_clone', file: 'vec_clone.rs', goal: 'Vec<Foo>: Clone', title: 'a where-clause that fails' },
    { name: 'tc_cycle', file: 'tc_cycle.pl', goal: 'path(1, X)', title: 'left recursion over a cycle' },
    { name: 'same_gen', file: 'same_gen.pl', goal: 'sg(gus, X)', title: 'same generation (tabled)' },
    { name: 'family', file: 'family.pl', goal: 'ancestor(tom, jim)', title: 'plain Prolog' }
  ];
  var $ = function (id) { return document.getElementById(id); };
  var knot = null, loadedKey = null, exampleText = {}, highlighted = null;

  function b64encode(text) {
    var bytes = new TextEncoder().encode(text), s = '';
    for (var i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function b64decode(s) {
    var bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  }
  function esc(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }

  // The editor: a textarea over a backdrop that marks the highlighted line, and a gutter.
  function paint() {
    var lines = $('program').value.split('\n');
    $('backdrop').innerHTML = lines.map(function (l, i) {
      return i + 1 === highlighted ? '<mark>' + (esc(l) || ' ') + '</mark>' : esc(l);
    }).join('\n') + '\n';
    $('gutter').textContent = lines.map(function (_, i) { return i + 1; }).join('\n');
    sync();
  }
  function sync() {
    $('backdrop').scrollTop = $('program').scrollTop;
    $('backdrop').scrollLeft = $('program').scrollLeft;
    $('gutter').scrollTop = $('program').scrollTop;
  }
  function highlight(line) {
    highlighted = line;
    paint();
    var ta = $('program');
    ta.scrollTop = Math.max(0, (line - 5) * 17);
    sync();
  }

  function setExample(ex, keepGoal) {
    $('file').value = ex.file;
    if (!keepGoal) $('goal').value = ex.goal;
    return fetch('examples/' + ex.file).then(function (r) { return r.text(); }).then(function (text) {
      exampleText[ex.name] = text;
      $('program').value = text;
      highlighted = null;
      paint();
    });
  }

  function permalink() {
    var p = new URLSearchParams();
    var ex = EXAMPLES.filter(function (e) { return exampleText[e.name] === $('program').value && e.file === $('file').value; })[0];
    if (ex) p.set('example', ex.name); else { p.set('file', $('file').value); p.set('program', b64encode($('program').value)); }
    p.set('goal', $('goal').value);
    p.set('strategy', $('strategy').value);
    if ($('coinductive').value !== 'default') p.set('coinductive', $('coinductive').value);
    p.set('run', '1');
    return location.pathname.replace(/[^/]*$/, '') + 'index.html?' + p.toString();
  }

  function proofNode(n, depth) {
    var line = document.createElement('span');
    var badge = document.createElement('span');
    badge.className = 'v v-' + n.verdict;
    badge.textContent = n.verdict;
    line.appendChild(badge);
    line.appendChild(document.createTextNode(n.label));
    if (n.location) {
      var loc = document.createElement('span');
      loc.className = 'loc';
      loc.textContent = n.location;
      var file = n.location.replace(/:\d+:\d+$/, '');
      var own = file.split('/').pop() === $('file').value.split('/').pop();
      if (own && n.line) {
        loc.title = 'show line ' + n.line + ' in the editor';
        loc.addEventListener('click', function (e) { e.preventDefault(); highlight(n.line); });
      } else {
        loc.style.cursor = 'default'; loc.style.textDecoration = 'none';
      }
      line.appendChild(loc);
    }
    if (n.note) {
      var note = document.createElement('span');
      note.className = 'note';
      note.textContent = n.note;
      line.appendChild(note);
    }
    if (!n.children.length) {
      var leaf = document.createElement('div');
      leaf.className = 'leaf';
      leaf.appendChild(line);
      return leaf;
    }
    var d = document.createElement('details');
    if (depth < 3) d.open = true;
    var s = document.createElement('summary');
    s.appendChild(line);
    d.appendChild(s);
    n.children.forEach(function (c) { d.appendChild(proofNode(c, depth + 1)); });
    return d;
  }

  function request(extra) {
    var r = { file: $('file').value, program: $('program').value, coinductive: $('coinductive').value };
    for (var k in extra) r[k] = extra[k];
    return r;
  }

  function run() {
    if (!knot) return;
    var status = [];
    var key = JSON.stringify(request({}));
    if (key !== loadedKey) {
      var t0 = performance.now();
      var lr = knot.run(request({ goal: '' }));
      var loadMs = performance.now() - t0;
      if (!lr.ok) {
        $('answer').textContent = 'error: ' + lr.error;
        $('all').textContent = '';
        $('chalk').textContent = '';
        $('status').textContent = 'the program did not load';
        return;
      }
      loadedKey = key;
      status.push('loaded in ' + loadMs.toFixed(1) + ' ms');
    }
    var goal = $('goal').value, strategy = $('strategy').value;
    var t1 = performance.now();
    var r = knot.run(request({ goal: goal, strategy: strategy, explain: false, trace: false }));
    var answerMs = performance.now() - t1;
    if (!r.ok) {
      $('answer').textContent = 'error: ' + r.error;
      $('all').textContent = '';
      $('chalk').textContent = '';
      $('status').textContent = status.join('; ');
      return;
    }
    $('answer').textContent = r.answer;
    $('all').textContent = r.answers && r.answers.length > 1 ? 'answers: ' + r.answers.join('  ') : '';
    $('chalk').textContent = r.chalk || '(not a Rust-like program)';
    status.push('answered in ' + answerMs.toFixed(1) + ' ms (' + r.steps + ' steps)');
    $('status').textContent = status.join('; ');
    document.body.setAttribute('data-answer-ms', answerMs.toFixed(2));
    // The proof and the search after the answer is shown.
    setTimeout(function () {
      var t2 = performance.now();
      var full = knot.run(request({ goal: goal, strategy: strategy, explain: true, trace: true }));
      var fullMs = performance.now() - t2;
      if (!full.ok) return;
      $('why').textContent = full.why_not || '';
      $('proof').innerHTML = '';
      if (full.proof) $('proof').appendChild(proofNode(full.proof, 0));
      if (full.trace) KnotTrace.render($('search'), full.trace);
      status.push('proof and search in ' + fullMs.toFixed(1) + ' ms');
      status.push('knot.wasm ' + (knot.size / 1048576).toFixed(2) + ' MiB');
      $('status').textContent = status.join('; ');
      document.body.setAttribute('data-done', '1');
    }, 0);
  }

  function init() {
    var p = new URLSearchParams(location.search);
    var buttons = $('example-buttons');
    EXAMPLES.forEach(function (ex) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = ex.name;
      b.title = ex.title;
      b.addEventListener('click', function () { setExample(ex, false).then(run); });
      buttons.appendChild(b);
    });
    $('program').addEventListener('input', function () { highlighted = null; paint(); });
    $('program').addEventListener('scroll', sync);
    $('run').addEventListener('click', run);
    $('goal').addEventListener('keydown', function (e) { if (e.key === 'Enter') run(); });
    $('share').addEventListener('click', function () {
      var url = permalink();
      history.replaceState(null, '', url);
      $('permalink').value = location.href;
      $('permalink').select();
    });
    if (p.get('strategy')) $('strategy').value = p.get('strategy');
    if (p.get('coinductive')) $('coinductive').value = p.get('coinductive');
    var ready;
    if (p.get('program') !== null) {
      $('file').value = p.get('file') || 'program.rs';
      $('program').value = b64decode(p.get('program'));
      $('goal').value = p.get('goal') || '';
      paint();
      ready = Promise.resolve();
    } else {
      var ex = EXAMPLES.filter(function (e) { return e.name === (p.get('example') || 'link'); })[0] || EXAMPLES[0];
      if (p.get('goal') !== null) $('goal').value = p.get('goal');
      ready = setExample(ex, p.get('goal') !== null);
    }
    Promise.all([ready, loadKnot('knot.wasm')]).then(function (xs) {
      knot = xs[1];
      // Since navigation began: fetching and compiling the module, fetching the example.
      document.body.setAttribute('data-ready-ms', performance.now().toFixed(1));
      $('status').textContent = 'knot.wasm ready (' + (knot.size / 1048576).toFixed(2) + ' MiB)';
      if (p.get('run') === '1') run();
    }).catch(function (e) {
      $('status').textContent = 'could not start: ' + e.message;
      $('status').className = 'status error';
    });
  }
  init();
})();
