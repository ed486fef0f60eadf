// Loads knot.wasm (crates/knot-wasm) and speaks its hand-written ABI: a JSON request copied into
// memory the module allocates, a JSON reply read back. No wasm-bindgen glue is needed; the few
// functions the module imports (egg's clock through web-sys, never called: the playground does not
// offer the e-graph normalizer) are stubs that throw.
(function (global) {
  'use strict';
  // The largest module Chromium compiles synchronously on the page's thread.
  var SYNC_LIMIT = 8 * 1024 * 1024;
  function stubs(module) {
    var imports = {};
    WebAssembly.Module.imports(module).forEach(function (imp) {
      if (imp.kind !== 'function') return;
      (imports[imp.module] = imports[imp.module] || {})[imp.name] = function () {
        throw new Error('knot.wasm called ' + imp.module + '.' + imp.name + ', which the playground does not provide');
      };
    });
    return imports;
  }
  function Knot(module, size, std) {
    this.module = module;
    this.size = size;
    // The std model's artefacts ({snapshot, image}: ArrayBuffers), installed into each instance.
    this.std = std;
    this.instance = null;
  }
  function fetchBytes(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.arrayBuffer();
    });
  }
  // Copy `buf` into memory the module allocates and keeps.
  function copyIn(ex, buf) {
    var p = ex.knot_alloc(buf.byteLength);
    new Uint8Array(ex.memory.buffer, p, buf.byteLength).set(new Uint8Array(buf));
    return p;
  }
  // Hand the std model's artefacts to a fresh instance (before its first request).
  Knot.prototype.installStd = function () {
    if (!this.std) return this;
    var ex = this.instance.exports;
    var s = copyIn(ex, this.std.snapshot);
    var i = copyIn(ex, this.std.image);
    ex.knot_install_std(s, this.std.snapshot.byteLength, i, this.std.image.byteLength);
    return this;
  };
  // Instantiated asynchronously: Chromium refuses to instantiate a module over 8 MB on the main
  // thread synchronously.
  Knot.prototype.start = function () {
    if (this.size <= SYNC_LIMIT) {
      this.instance = new WebAssembly.Instance(this.module, stubs(this.module));
      return Promise.resolve(this.installStd());
    }
    var self = this;
    return WebAssembly.instantiate(this.module, stubs(this.module)).then(function (i) {
      self.instance = i;
      return self.installStd();
    });
  };
  Knot.prototype.exports = function () {
    if (!this.instance) throw new Error('knot.wasm is restarting; run again');
    return this.instance.exports;
  };
  // Answer a request ({file, program, goal, strategy, coinductive, explain, trace, max_depth,
  // max_steps}); a trap (a panic, a stack overflow) drops the instance and is reported as an error.
  Knot.prototype.run = function (request) {
    var ex = this.exports();
    var bytes = new TextEncoder().encode(JSON.stringify(request));
    var p = ex.knot_alloc(bytes.length);
    new Uint8Array(ex.memory.buffer, p, bytes.length).set(bytes);
    var n;
    try {
      n = ex.knot_run(p, bytes.length);
    } catch (e) {
      this.instance = null;
      this.start();
      return { ok: false, error: 'knot stopped: ' + e.message + ' (the module is restarted)' };
    }
    ex.knot_free(p, bytes.length);
    var q = ex.knot_reply_ptr();
    return JSON.parse(new TextDecoder().decode(new Uint8Array(ex.memory.buffer, q, n)));
  };
  // The module at `url`, with the std model's artefacts fetched from beside it (`std.snapshot`,
  // `std.image`; the module does not carry them).
  global.loadKnot = function (url) {
    var dir = url.replace(/[^\/]*$/, '');
    return Promise.all([fetchBytes(url), fetchBytes(dir + 'std.snapshot'), fetchBytes(dir + 'std.image')]).then(function (bufs) {
      var buf = bufs[0];
      var std = { snapshot: bufs[1], image: bufs[2] };
      if (buf.byteLength <= SYNC_LIMIT) {
        // Compiled and instantiated at once, on this thread: the answer is there when the fetch is
        // (a headless browser's virtual time does not run ahead of an off-thread compile).
        var m = new WebAssembly.Module(buf);
        var k = new Knot(m, buf.byteLength, std);
        k.instance = new WebAssembly.Instance(m, stubs(m));
        return k.installStd();
      }
      return WebAssembly.compile(buf).then(function (m) { return new Knot(m, buf.byteLength, std).start(); });
    });
  };
})(typeof window !== 'undefined' ? window : this);
