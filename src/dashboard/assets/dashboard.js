// Progressive enhancement only: every page works without this file.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.querySelector(button.getAttribute('data-copy'));
  if (!source) return;
  const text = 'value' in source ? source.value : source.textContent;
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    // No clipboard (http on another host, or denied): select it so Ctrl+C works.
    if ('select' in source) source.select();
    button.textContent = 'Press Ctrl+C';
  }
  setTimeout(() => {
    button.textContent = label;
  }, 2000);
});

document.addEventListener('focusin', (event) => {
  const el = event.target;
  if (el instanceof HTMLInputElement && el.hasAttribute('data-select-on-focus')) el.select();
});
