// The language pages' sign-in and newsletter forms (<lang>-account.html); what each says is the page's own, on its
// status line (data-missing, data-done, {email}). Who signed in and who subscribed is kept for the test to read:
// window.signedIn, window.subscribed.
const sent = (form, status, filled, kept) => document.getElementById(form).addEventListener('submit', event => {
  event.preventDefault();
  const email = document.getElementById(form === 'login' ? 'login-email' : 'news-email').value.trim();
  const line = document.getElementById(status);
  if (!email || !filled()) { line.textContent = line.dataset.missing; return; }
  window[kept] = email;
  event.target.hidden = true;
  line.textContent = line.dataset.done.replace('{email}', email);
});
sent('login', 'login-status', () => document.getElementById('login-password').value, 'signedIn');
sent('news', 'news-status', () => document.getElementById('consent').checked, 'subscribed');
