/**
 * A small stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js, the script that
 * @stripe/stripe-js's loadStripe injects) for browser tests: no network beyond the local fake
 * Stripe (test/support/fake-stripe.ts). It offers the API surface FACT's Payment Element uses —
 * Stripe(key, options), Stripe.version, elements({ clientSecret, appearance }),
 * create('payment'), mount / on / off / update / destroy, confirmPayment({ elements, redirect,
 * confirmParams }) — plus the methods @stripe/react-stripe-js checks to recognise a Stripe object.
 * The "Payment Element" is plain inputs (card number, expiry, CVC, country) in the page instead of
 * Stripe's frames; confirmPayment posts the card to the fake, and for 4000 0025 0000 3155 shows
 * a '3D Secure 2 Test Page' modal (Complete / Fail) as Stripe.js does, then answers like Stripe.
 * What the page passed is kept on window.__stripe for assertions.
 */
export const stripeJsStub = (fakeUrl: string): string => `
(function () {
  var FAKE = ${JSON.stringify(fakeUrl)};
  var seen = window.__stripe = { key: null, options: null, elementsOptions: null, created: [], confirms: [] };
  function post(path, body) {
    return fetch(FAKE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(function (r) { return r.json(); });
  }
  function css(el, style) { for (var k in style) el.style[k] = style[k]; return el; }
  function field(labelText, placeholder, width) {
    var wrap = css(document.createElement('label'), { display: 'block', flex: width || '1 1 100%', minWidth: '0' });
    var label = css(document.createElement('span'), { display: 'block', fontSize: '14px', fontWeight: '500', color: '#334155', marginBottom: '4px' });
    label.textContent = labelText;
    var input = css(document.createElement('input'), { width: '100%', boxSizing: 'border-box', padding: '11px 12px', fontSize: '16px', border: '1px solid #cbd5e1', borderRadius: '8px', boxShadow: '0 1px 2px rgba(15,23,42,0.05)', fontFamily: 'inherit', color: '#0f172a' });
    input.setAttribute('aria-label', labelText);
    input.placeholder = placeholder;
    input.inputMode = 'numeric';
    wrap.appendChild(label); wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }
  function paymentElement(options) {
    var handlers = {};
    var root = null, number = null, expiry = null, cvc = null;
    function emit(event, payload) { (handlers[event] || []).slice().forEach(function (h) { h(payload); }); }
    function complete() {
      return !!number && number.input.value.replace(/\\D/g, '').length >= 16 && expiry.input.value.replace(/\\D/g, '').length === 4 && cvc.input.value.replace(/\\D/g, '').length >= 3;
    }
    var element = {
      mount: function (node) {
        var host = typeof node === 'string' ? document.querySelector(node) : node;
        root = css(document.createElement('div'), { display: 'flex', flexWrap: 'wrap', gap: '12px', fontFamily: 'ui-sans-serif, system-ui, sans-serif' });
        root.setAttribute('data-fake-stripe', 'payment-element');
        number = field('Card number', '1234 1234 1234 1234');
        expiry = field('Expiration date', 'MM / YY', '1 1 40%');
        cvc = field('Security code', 'CVC', '1 1 40%');
        var country = field('Country', '', '1 1 100%');
        var select = document.createElement('select');
        select.innerHTML = '<option>United Kingdom</option>';
        select.setAttribute('aria-label', 'Country');
        select.style.cssText = country.input.style.cssText;
        country.wrap.replaceChild(select, country.input);
        [number, expiry, cvc, country].forEach(function (f) { root.appendChild(f.wrap); });
        [number, expiry, cvc].forEach(function (f) {
          f.input.addEventListener('input', function () {
            emit('change', { elementType: 'payment', complete: complete(), empty: !number.input.value, collapsed: false, value: { type: 'card' } });
          });
        });
        host.appendChild(root);
        setTimeout(function () { emit('ready', { elementType: 'payment' }); }, 0);
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
      off: function (event, handler) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; }); return element; },
      update: function () {},
      focus: function () { if (number) number.input.focus(); },
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      unmount: function () { if (root) root.remove(); },
      destroy: function () { if (root) root.remove(); root = null; },
      card: function () { return number ? number.input.value : ''; },
      isComplete: complete
    };
    return element;
  }
  /** Stripe's hosted 3-D Secure test page, as a modal over the page. */
  function challenge() {
    return new Promise(function (resolve) {
      var overlay = css(document.createElement('div'), { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'rgba(0,0,0,0.4)', display: 'flex', alignItems: 'center', justifyContent: 'center' });
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', '3D Secure 2 Test Page');
      var box = css(document.createElement('div'), { background: '#fff', borderRadius: '8px', padding: '24px', width: '320px', maxWidth: '90vw', fontFamily: 'sans-serif', boxShadow: '0 10px 30px rgba(0,0,0,0.3)' });
      box.innerHTML = '<p style="font-weight:600;margin:0 0 8px">3D Secure 2 Test Page</p><p style="margin:0 0 16px;font-size:14px;color:#475569">This is a test page for 3D Secure authentication.</p>';
      ['Complete', 'Fail'].forEach(function (label) {
        var b = css(document.createElement('button'), { display: 'block', width: '100%', margin: '6px 0', padding: '10px', borderRadius: '6px', border: '1px solid #cbd5e1', background: label === 'Complete' ? '#635bff' : '#fff', color: label === 'Complete' ? '#fff' : '#0f172a', fontWeight: '600' });
        b.type = 'button';
        b.textContent = label;
        b.addEventListener('click', function () { overlay.remove(); resolve(label === 'Complete' ? 'complete' : 'fail'); });
        box.appendChild(b);
      });
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }
  function Stripe(key, options) {
    seen.key = key; seen.options = options || null;
    var secret = null, payment = null;
    var elements = {
      create: function (type, opts) { seen.created.push({ type: type, options: opts || null }); payment = paymentElement(opts); return payment; },
      getElement: function () { return payment; },
      update: function (o) { seen.elementsUpdates = o; },
      fetchUpdates: function () { return Promise.resolve({}); },
      submit: function () { return Promise.resolve(payment && payment.isComplete() ? {} : { error: { type: 'validation_error', message: 'Your card number is incomplete.' } }); }
    };
    var unused = function () { return Promise.reject(new Error('not in the Stripe.js stub')); };
    return {
      elements: function (o) { seen.elementsOptions = o || null; secret = o && o.clientSecret; return elements; },
      createToken: unused,
      createPaymentMethod: unused,
      confirmCardPayment: unused,
      confirmPayment: function (o) {
        seen.confirms.push({ redirect: o.redirect, confirmParams: o.confirmParams, withElements: o.elements === elements });
        if (!payment || !payment.isComplete()) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        return post('/browser/confirm_card', { client_secret: secret, card_number: payment.card() }).then(function (r) {
          if (!r.paymentIntent || r.paymentIntent.status !== 'requires_action') return r;
          return challenge().then(function (result) { return post('/browser/authenticate', { client_secret: secret, result: result }); });
        });
      }
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
