// The Google sign-in popup works offline. Firebase's popup flow, even against the Auth emulator,
// loads Google's gapi loader (https://apis.google.com/js/api.js) into the page and into the
// emulator's helper iframe, and only uses its gapi.iframes messaging between the two. This serves
// a small stand-in for that loader speaking the same calls over postMessage, and refuses the CDN
// stylesheets of the emulator's sign-in page, so the journey never depends on the internet.
// Everything else is real: the Firebase SDK, the emulator's sign-in page and its ID token.
import type { BrowserContext } from 'playwright-core';

const GAPI_STAND_IN = String.raw`(function () {
  var TAG = '__gapiStandIn';
  var handlers = {};
  var queued = {};
  var callbacks = {};
  var readyWindows = [];
  var readyWaiters = [];
  var sequence = 0;

  function post(target, message) {
    message[TAG] = message.kind;
    target.postMessage(message, '*');
  }
  function deliver(name, data, source, id) {
    var handler = handlers[name];
    if (!handler) {
      (queued[name] = queued[name] || []).push([data, source, id]);
      return;
    }
    var result;
    try { result = handler(data); } catch (error) { result = undefined; }
    post(source, { kind: 'reply', id: id, responses: [result] });
  }
  function register(name, handler) {
    handlers[name] = handler;
    (queued[name] || []).splice(0).forEach(function (entry) { deliver(name, entry[0], entry[1], entry[2]); });
  }
  function send(target, name, data, callback) {
    sequence += 1;
    if (callback) callbacks[sequence] = callback;
    post(target, { kind: 'send', id: sequence, name: name, data: data });
  }
  function whenReady(target, callback) {
    if (readyWindows.indexOf(target) >= 0) callback();
    else readyWaiters.push([target, callback]);
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[TAG]) return;
    if (message[TAG] === 'send') deliver(message.name, message.data, event.source, message.id);
    if (message[TAG] === 'reply') {
      var callback = callbacks[message.id];
      delete callbacks[message.id];
      // gapi swallows what a callback throws; Firebase's web-storage check relies on it.
      if (callback) try { callback(message.responses); } catch (error) {}
    }
    if (message[TAG] === 'ready') {
      readyWindows.push(event.source);
      readyWaiters = readyWaiters.filter(function (waiter) {
        if (waiter[0] !== event.source) return true;
        waiter[1]();
        return false;
      });
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var iframe = {
        restyle: function () { return Promise.resolve(); },
        ping: function (callback) {
          return new Promise(function (resolve) {
            whenReady(frame.contentWindow, function () { if (callback) callback(); resolve(); });
          });
        },
        register: function (name, handler) { register(name, handler); },
        send: function (name, data, callback) { send(frame.contentWindow, name, data, callback); },
      };
      return Promise.resolve(onOpen ? onOpen(iframe) : iframe);
    },
    getParentIframe: function () {
      return {
        register: function (name, handler) { register(name, handler); },
        send: function (name, data, callback) { send(window.parent, name, data, callback); },
      };
    },
  };

  window.gapi = {
    load: function (module, options) {
      setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); });
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      Iframe: function () {},
      getContext: function () { return context; },
    },
  };

  if (window.parent !== window) post(window.parent, { kind: 'ready' });
  var onload = document.currentScript && new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  });
})();`;

export async function useOfflineGoogle(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: GAPI_STAND_IN }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
