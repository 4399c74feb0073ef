// The Monthly/Yearly toggle of /pricing, in the browser. Deliberately free of imports: the page's
// only script stays a few hundred bytes. Cards carry `data-intervals` ("month year", or empty for
// always shown); the buttons carry `data-interval` and `aria-pressed`.

export function showInterval(root: ParentNode, interval: string): void {
  for (const button of root.querySelectorAll<HTMLElement>('[data-interval]')) {
    button.setAttribute('aria-pressed', String(button.dataset.interval === interval));
  }
  for (const card of root.querySelectorAll<HTMLElement>('[data-intervals]')) {
    const intervals = (card.dataset.intervals ?? '').split(' ').filter(Boolean);
    card.hidden = intervals.length > 0 && !intervals.includes(interval);
  }
}

export function setUpIntervalToggle(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLElement>('[data-interval]')) {
    button.addEventListener('click', () => showInterval(root, button.dataset.interval ?? 'month'));
  }
}
