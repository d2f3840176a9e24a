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

// A deployment still building: its log follows the build (server-sent events from the dashboard's own
// stream), lines written as the page writes them, and the page reloads once the build ends to show the outcome.
for (const log of document.querySelectorAll('pre[data-live-log]')) {
  const source = new EventSource(log.getAttribute('data-live-log'));
  const empty = log.previousElementSibling?.matches('p.muted') ? log.previousElementSibling : null;
  source.addEventListener('line', (event) => {
    const line = JSON.parse(event.data);
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const span = document.createElement('span');
    if (line.level !== 'info') span.className = line.level;
    span.textContent = `${line.at.slice(11, 23)} ${line.level.toUpperCase().padEnd(5)} ${line.message}\n`;
    log.append(span);
    log.hidden = false;
    empty?.remove();
    if (atBottom) log.scrollTop = log.scrollHeight;
  });
  source.addEventListener('done', () => {
    // Closed first: an EventSource left open would reconnect and replay the ended log.
    source.close();
    window.location.reload();
  });
}
