import type { Page } from 'playwright-core';

/** One thing on screen that does not fit: what it is, its text, and how it fails to fit. */
export interface LayoutProblem {
  kind: string;
  text: string;
  problem: string;
}

/**
 * What the layout check looks at: MUI chips, tabs, selects, buttons, input labels and text inputs
 * (their placeholders), inside `root` (the page's main area, its header and any open dialog).
 */
export const CHECKED_SELECTORS = {
  chip: '.MuiChip-label',
  tab: '.MuiTab-root',
  select: '.MuiSelect-select',
  button: '.MuiButton-root',
  label: '.MuiInputLabel-root',
  input: 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([aria-hidden=true]), textarea:not([aria-hidden=true])',
} as const;

/**
 * Measures element boxes in the page (never pixels) and lists every checked element that is cut:
 * - its own content is wider than its box (`scrollWidth > clientWidth`: an ellipsis or hidden text);
 * - its box sticks out of an ancestor that clips (overflow hidden, clip, auto or scroll), or out of
 *   the content of its nearest padded container (a card's content, the page), so it runs over the
 *   container's edge;
 * - a tab is cut by the edge of its tab strip: never on a laptop; on a phone (`scrollersMayCut`)
 *   only with an enabled scroll arrow on that side;
 * - with `scrollersMayCut` (phone widths) an ancestor that scrolls sideways, such as a wide table or
 *   a swipe carousel, may hold what is a swipe away;
 * - an empty input whose placeholder text is wider than the room inside the input;
 * - on a laptop (without `scrollersMayCut`), any box that scrolls sideways, such as a table whose
 *   last column is out of view;
 * - the page itself scrolls sideways (the document is wider than the window).
 */
export async function layoutProblems(
  page: Page,
  options: { scrollersMayCut?: boolean; root?: string } = {},
): Promise<LayoutProblem[]> {
  const root = options.root ?? 'main, header, [role="dialog"]';
  return page.evaluate(
    ({ root, selectors, scrollersMayCut }) => {
      const problems: { kind: string; text: string; problem: string }[] = [];
      const TOLERANCE = 1; // sub-pixel rounding
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d');
      const describe = (el: Element) => {
        const own = (el as HTMLElement).innerText || el.getAttribute('aria-label') || (el as HTMLInputElement).placeholder || el.textContent || '';
        return own.replace(/\s+/g, ' ').trim().slice(0, 60);
      };
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      };
      /** A tab strip's scroll arrow on one side, when MUI renders it and it can be pressed. */
      const arrowEnabled = (scroller: Element, side: 'left' | 'right') => {
        const tabs = scroller.closest('.MuiTabs-root');
        if (!tabs) return false;
        const arrows = Array.from(tabs.querySelectorAll(':scope > .MuiTabs-scrollButtons'));
        const arrow = side === 'left' ? arrows[0] : arrows[arrows.length - 1];
        return !!arrow && shown(arrow) && !arrow.classList.contains('Mui-disabled');
      };
      const roots = Array.from(document.querySelectorAll(root));
      const seen = new Set<Element>();
      for (const [kind, selector] of Object.entries(selectors)) {
        for (const r of roots) {
          for (const el of Array.from(r.querySelectorAll(selector))) {
            if (seen.has(el) || !shown(el)) continue;
            seen.add(el);
            const html = el as HTMLElement;
            const text = describe(el);
            if (kind !== 'input' && html.scrollWidth > html.clientWidth + TOLERANCE) {
              problems.push({ kind, text, problem: `content ${html.scrollWidth}px wide in a ${html.clientWidth}px box` });
            }
            if (kind === 'input') {
              const input = el as HTMLInputElement;
              if (input.placeholder && !input.value && ctx) {
                const style = getComputedStyle(input);
                ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
                const needed = ctx.measureText(input.placeholder).width;
                const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                if (needed > room + TOLERANCE) {
                  problems.push({ kind: 'placeholder', text: input.placeholder, problem: `placeholder ${Math.ceil(needed)}px wide in ${Math.floor(room)}px of room` });
                }
              }
            }
            const box = el.getBoundingClientRect();
            const nameOf = (a: Element) =>
              (typeof a.className === 'string' ? a.className.split(' ').find((c) => c.startsWith('Mui')) : undefined) ?? a.tagName.toLowerCase();
            let paddingChecked = false;
            for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
              const style = getComputedStyle(a);
              const rect = a.getBoundingClientRect();
              const overflowX = style.overflowX;
              const clips = overflowX !== 'visible';
              const scrolls = (overflowX === 'auto' || overflowX === 'scroll') && a.scrollWidth > a.clientWidth + TOLERANCE;
              const borderLeft = parseFloat(style.borderLeftWidth);
              const borderRight = parseFloat(style.borderRightWidth);
              const padLeft = parseFloat(style.paddingLeft);
              const padRight = parseFloat(style.paddingRight);
              // The clipping edge is the inside of the border; the container's own edge is inside its padding.
              const clipLeft = rect.left + borderLeft;
              const clipRight = rect.right - borderRight;
              const cutLeft = box.left < clipLeft - TOLERANCE;
              const cutRight = box.right > clipRight + TOLERANCE;
              if (a.classList.contains('MuiTabs-scroller')) {
                // A tab strip hides its scrollbar: a tab cut at its edge needs a visible arrow on that side.
                if ((cutLeft && !arrowEnabled(a, 'left')) || (cutRight && !arrowEnabled(a, 'right')) || ((cutLeft || cutRight) && !scrollersMayCut)) {
                  const side = cutLeft && cutRight ? 'both sides' : cutLeft ? 'the left' : 'the right';
                  problems.push({ kind, text, problem: `cut on ${side} by its tab strip (${Math.round(clipLeft)}–${Math.round(clipRight)}px)` });
                }
                break;
              }
              if (scrolls && scrollersMayCut) break;
              if (clips && (cutLeft || cutRight)) {
                const side = cutLeft && cutRight ? 'both sides' : cutLeft ? 'the left' : 'the right';
                problems.push({
                  kind,
                  text,
                  problem: `box ${Math.round(box.left)}–${Math.round(box.right)}px cut on ${side} by ${nameOf(a)} (${Math.round(clipLeft)}–${Math.round(clipRight)}px)`,
                });
                break;
              }
              if (!paddingChecked && (padLeft >= 8 || padRight >= 8)) {
                // The nearest padded box (a card's content, the page): its content must stay inside.
                paddingChecked = true;
                const innerLeft = clipLeft + padLeft;
                const innerRight = clipRight - padRight;
                if ((padLeft >= 8 && box.left < innerLeft - TOLERANCE) || (padRight >= 8 && box.right > innerRight + TOLERANCE)) {
                  problems.push({
                    kind,
                    text,
                    problem: `box ${Math.round(box.left)}–${Math.round(box.right)}px runs out of ${nameOf(a)} (content ${Math.round(innerLeft)}–${Math.round(innerRight)}px)`,
                  });
                  break;
                }
              }
            }
          }
        }
      }
      if (!scrollersMayCut) {
        // On a laptop nothing hides part of itself behind a sideways scroll (a table's last column);
        // tab strips are checked above by their tabs.
        for (const r of roots) {
          for (const box of [r, ...Array.from(r.querySelectorAll('*'))]) {
            const overflowX = getComputedStyle(box).overflowX;
            if ((overflowX === 'auto' || overflowX === 'scroll') && !box.classList.contains('MuiTabs-scroller') && box.scrollWidth > box.clientWidth + TOLERANCE) {
              const label = box.getAttribute('aria-label') ?? box.querySelector('[aria-label]')?.getAttribute('aria-label') ?? box.tagName.toLowerCase();
              problems.push({ kind: 'scroller', text: label, problem: `content ${box.scrollWidth}px wide scrolls sideways in a ${box.clientWidth}px box` });
            }
          }
        }
      }
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth + TOLERANCE) {
        problems.push({ kind: 'page', text: location.pathname, problem: `page ${doc.scrollWidth}px wide in a ${window.innerWidth}px window (sideways scroll)` });
      }
      return problems;
    },
    { root, selectors: CHECKED_SELECTORS, scrollersMayCut: options.scrollersMayCut ?? false },
  );
}

/** One line per problem, for a failure message that says what to fix. */
export function formatProblems(where: string, problems: LayoutProblem[]): string {
  return problems.map((p) => `${where}: ${p.kind} "${p.text}": ${p.problem}`).join('\n');
}
