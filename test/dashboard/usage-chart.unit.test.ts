import sax from 'sax';
import { describe, expect, it } from 'vitest';
import { escapeXml, niceTicks, renderUsageChart } from '../../src/dashboard/charts/usage-chart';
import { formatQuantity } from '../../src/dashboard/format';

interface Node {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Node[];
}

/** Parses strictly (a malformed document throws) into a small tree. */
function parse(xml: string): Node {
  const parser = sax.parser(true, { xmlns: false });
  const root: Node = { name: '#document', attributes: {}, text: '', children: [] };
  const stack = [root];
  let error: Error | undefined;
  parser.onerror = (e) => {
    error = e;
  };
  parser.onopentag = (tag) => {
    const node: Node = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '', children: [] };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  parser.ontext = (t) => {
    stack[stack.length - 1]!.text += t;
  };
  parser.write(xml).close();
  if (error) throw error;
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

function all(node: Node): Node[] {
  return [node, ...node.children.flatMap(all)];
}

const byClass = (svg: Node, cls: string) => all(svg).filter((n) => n.attributes.class === cls);

function novemberDays(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
}

describe('renderUsageChart', () => {
  it('draws a well-formed, self-contained SVG: a bar per day with use, a summary for assistive technology', () => {
    const days = novemberDays(26);
    const values = days.map((_, i) => (i === 13 ? 4000 : i % 3 === 0 ? 0 : 300 + i));
    const svg = parse(renderUsageChart({ days, values, label: 'Text tokens', unit: 'tokens' }));

    expect(svg.name).toBe('svg');
    expect(svg.attributes.role).toBe('img');
    expect(svg.attributes.viewBox).toBe('0 0 480 200');
    expect(svg.attributes.width).toBeUndefined();
    const total = values.reduce((a, b) => a + b, 0);
    const summary = `Text tokens per day, 1–26 Nov: ${total.toLocaleString('en-US')} tokens total, peak 4,000 tokens on 14 Nov`;
    expect(svg.attributes['aria-label']).toBe(summary);
    expect(svg.children[0]).toMatchObject({ name: 'title', text: summary });

    const bars = byClass(svg, 'usage-chart__bar');
    expect(bars).toHaveLength(values.filter((v) => v > 0).length);
    const tallest = bars.reduce((a, b) => (Number(b.attributes.height) > Number(a.attributes.height) ? b : a));
    expect(tallest.children[0]!.text).toBe('14 Nov: 4,000 tokens');
    expect(byClass(svg, 'usage-chart__empty')).toHaveLength(0);

    // Nothing the page's CSP (default-src 'none'; style-src 'self') would block or that could collide.
    for (const node of all(svg)) {
      expect(['svg', 'title', 'line', 'text', 'rect']).toContain(node.name);
      for (const attr of Object.keys(node.attributes)) expect(attr).not.toMatch(/^(style|id|href|xlink:href|on.*)$/);
    }
  });

  it('escapes a hostile label in the title, the aria-label and the tooltips, and drops characters XML cannot hold', () => {
    const label = `"><script>alert('x')</script><foo a='1'>&amp;\u0000\u0007\ud800`;
    const xml = renderUsageChart({ days: novemberDays(3), values: [1, 2, 3], label, unit: 'images' });
    const svg = parse(xml);
    expect(xml).not.toContain('<script');
    expect(all(svg).map((n) => n.name)).not.toContain('script');
    const expected = `"><script>alert('x')</script><foo a='1'>&amp; per day, 1–3 Nov: 6 images total, peak 3 images on 3 Nov`;
    expect(svg.attributes['aria-label']).toBe(expected);
    expect(svg.children[0]!.text).toBe(expected);
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&#38;b&#60;c&#62;d&#34;e&#39;f');
    expect(escapeXml('emoji 🔥 stays')).toBe('emoji 🔥 stays');
  });

  it('draws one day of use (the period’s first day) as one bar of a bar’s width, centred, not across the whole chart', () => {
    const svg = parse(renderUsageChart({ days: novemberDays(1), values: [1200], label: 'Text tokens', unit: 'tokens' }));
    const [bar, ...more] = byClass(svg, 'usage-chart__bar');
    expect(more).toHaveLength(0);
    const x = Number(bar!.attributes.x);
    const width = Number(bar!.attributes.width);
    expect(width).toBeLessThanOrEqual(36);
    // Centred over its day's label.
    const [label] = byClass(svg, 'usage-chart__day');
    expect(Math.abs(x + width / 2 - Number(label!.attributes.x))).toBeLessThan(1);
  });

  it('with no use draws the axis and days and says so, not a chart of nothing', () => {
    const days = novemberDays(5);
    const svg = parse(renderUsageChart({ days, values: [0, 0, 0, 0, 0], label: 'Images', unit: 'images' }));
    expect(svg.attributes['aria-label']).toBe('Images per day, 1–5 Nov: no use yet this period');
    expect(byClass(svg, 'usage-chart__bar')).toHaveLength(0);
    expect(byClass(svg, 'usage-chart__axis')).toHaveLength(1);
    expect(byClass(svg, 'usage-chart__tick').map((n) => n.text)).toEqual(['0', '1', '2']);
    expect(byClass(svg, 'usage-chart__day').map((n) => n.text)).toEqual(['1 Nov', '2', '3', '4', '5']);
    expect(byClass(svg, 'usage-chart__empty').map((n) => n.text)).toEqual(['No use yet this period']);
  });

  it('with no days at all (a period that has not started) still draws a valid, empty chart', () => {
    const svg = parse(renderUsageChart({ days: [], values: [], label: 'Images', unit: 'images' }));
    expect(svg.attributes['aria-label']).toBe('Images per day: no days yet this period');
    expect(byClass(svg, 'usage-chart__empty')).toHaveLength(1);
  });

  it('fits 31 days: every day has its bar, and the day labels are thinned so that none overlap', () => {
    const days = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
    const values = days.map((_, i) => (i + 1) * 1000);
    for (const width of [300, 480, 1200]) {
      const svg = parse(renderUsageChart({ days, values, label: 'Text tokens', unit: 'tokens', width }));
      const bars = byClass(svg, 'usage-chart__bar');
      expect(bars).toHaveLength(31);
      for (const bar of bars) {
        expect(Number(bar.attributes.x)).toBeGreaterThanOrEqual(0);
        expect(Number(bar.attributes.x) + Number(bar.attributes.width)).toBeLessThanOrEqual(width);
      }
      const labels = byClass(svg, 'usage-chart__day');
      expect(labels[0]!.text).toBe('1 Dec');
      expect(labels.length).toBeGreaterThan(3);
      expect(labels.length).toBeLessThanOrEqual(31);
      // Estimated at 7 units a character (as the renderer does), centred: neighbours keep a gap.
      for (let i = 1; i < labels.length; i++) {
        const prev = labels[i - 1]!;
        const cur = labels[i]!;
        const prevRight = Number(prev.attributes.x) + (prev.text.length * 7) / 2;
        const curLeft = Number(cur.attributes.x) - (cur.text.length * 7) / 2;
        expect(curLeft).toBeGreaterThan(prevRight);
      }
      if (width === 1200) expect(labels).toHaveLength(31);
      if (width === 300) expect(labels.length).toBeLessThan(16);
      expect(svg.attributes['aria-label']).toBe('Text tokens per day, 1–31 Dec: 496,000 tokens total, peak 31,000 tokens on 31 Dec');
      expect(byClass(svg, 'usage-chart__tick').map((n) => n.text)).toEqual(['0', '10k', '20k', '30k', '40k']);
    }
  });

  it('draws a single day of a 30-day period one day wide, a 30th of the chart, not across all of it', () => {
    const one = parse(renderUsageChart({ days: novemberDays(1), values: [500], label: 'Images', unit: 'images', width: 480, periodDays: 30 }));
    const full = parse(
      renderUsageChart({ days: novemberDays(30), values: novemberDays(30).map(() => 500), label: 'Images', unit: 'images', width: 480, periodDays: 30 }),
    );
    const [bar] = byClass(one, 'usage-chart__bar');
    const fullBars = byClass(full, 'usage-chart__bar');
    expect(Number(bar!.attributes.width)).toBe(Number(fullBars[0]!.attributes.width));
    expect(Number(bar!.attributes.x)).toBe(Number(fullBars[0]!.attributes.x));
    const plotWidth = 480 - 10 - Number(byClass(one, 'usage-chart__axis')[0]!.attributes.x1);
    expect(Number(bar!.attributes.width)).toBeLessThan(plotWidth / 25);
    // The period sets the width: 31 days make each narrower than 30 do; without it, the bar's cap still keeps one day narrow.
    const given = parse(renderUsageChart({ days: novemberDays(1), values: [500], label: 'Images', unit: 'images', width: 480, periodDays: 31 }));
    expect(Number(byClass(given, 'usage-chart__bar')[0]!.attributes.width)).toBeLessThan(Number(bar!.attributes.width));
    const unbounded = parse(renderUsageChart({ days: novemberDays(1), values: [500], label: 'Images', unit: 'images', width: 480 }));
    expect(Number(byClass(unbounded, 'usage-chart__bar')[0]!.attributes.width)).toBeLessThan(plotWidth / 10);
  });

  it('leaves out a day label that the wider first label (with the month) would touch', () => {
    const svg = parse(renderUsageChart({ days: novemberDays(26), values: novemberDays(26).map(() => 4000), label: 'x', unit: 'tokens', width: 640 }));
    expect(byClass(svg, 'usage-chart__day').map((n) => n.text)).toEqual([
      '1 Nov',
      ...novemberDays(26)
        .slice(2)
        .map((d) => String(Number(d.slice(8)))),
    ]);
  });

  it('labels audio ticks in clock units and names a period that spans two months in full', () => {
    const svg = parse(renderUsageChart({ days: ['2026-10-30', '2026-10-31', '2026-11-01'], values: [600, 5000, 0], label: 'Audio', unit: 'seconds' }));
    expect(byClass(svg, 'usage-chart__tick').map((n) => n.text)).toEqual(['0 s', '30 min', '1 h', '1.5 h']);
    expect(svg.attributes['aria-label']).toBe('Audio per day, 30 Oct – 1 Nov: 1 h 33 min total, peak 1 h 23 min on 31 Oct');
    expect(byClass(svg, 'usage-chart__day').map((n) => n.text)).toEqual(['30 Oct', '31', '1 Nov']);
  });

  it('refuses days and values that do not pair up, and draws nonsense values as nothing', () => {
    expect(() => renderUsageChart({ days: novemberDays(2), values: [1], label: 'x', unit: 'chats' })).toThrow(RangeError);
    expect(() => renderUsageChart({ days: ['26 Nov'], values: [1], label: 'x', unit: 'chats' })).toThrow(RangeError);
    const svg = parse(renderUsageChart({ days: novemberDays(3), values: [Number.NaN, -5, Number.POSITIVE_INFINITY], label: 'Chats', unit: 'chats' }));
    expect(byClass(svg, 'usage-chart__bar')).toHaveLength(0);
    expect(byClass(svg, 'usage-chart__empty')).toHaveLength(1);
  });
});

describe('niceTicks', () => {
  it('gives 3 to 5 evenly spaced round ticks from zero, the last at or above the maximum', () => {
    const cases: [number, number[]][] = [
      [0, [0, 1, 2]],
      [1, [0, 1, 2]],
      [3, [0, 1, 2, 3]],
      [7, [0, 2, 4, 6, 8]],
      [10, [0, 5, 10]],
      [11, [0, 5, 10, 15]],
      [99, [0, 25, 50, 75, 100]],
      [1234, [0, 500, 1000, 1500]],
      [4000, [0, 1000, 2000, 3000, 4000]],
      [999_999, [0, 250_000, 500_000, 750_000, 1_000_000]],
    ];
    for (const [max, ticks] of cases) expect(niceTicks(max, 'tokens'), `max ${max}`).toEqual(ticks);
    for (let max = 0; max < 100_000; max = Math.floor(max * 1.37) + 1) {
      const ticks = niceTicks(max, 'images');
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      const step = ticks[1]!;
      expect(Number.isInteger(step)).toBe(true);
      expect(String(step)).toMatch(/^(1|2|25|5)0*$/);
      ticks.forEach((t, i) => expect(t).toBe(i * step));
    }
  });

  it('steps seconds by what a clock reads', () => {
    expect(niceTicks(45, 'seconds')).toEqual([0, 15, 30, 45]);
    expect(niceTicks(5000, 'seconds')).toEqual([0, 1800, 3600, 5400]);
    expect(niceTicks(100_000, 'seconds')).toEqual([0, 36_000, 72_000, 108_000]);
  });
});

describe('formatQuantity', () => {
  it('writes counts in full with grouping and a singular, and compactly with k/M', () => {
    expect(formatQuantity('text_tokens', 12_345)).toBe('12,345 tokens');
    expect(formatQuantity('images_generated', 1)).toBe('1 image');
    expect(formatQuantity('file_chats', 0)).toBe('0 chats');
    expect(formatQuantity('file_chats', 2)).toBe('2 chats');
    const compact = [0, 999, 1000, 1234, 12_345, 999_950, 3_400_000, 2_500_000_000].map((n) => formatQuantity('text_tokens', n, 'compact'));
    expect(compact).toEqual(['0', '999', '1k', '1.2k', '12k', '1M', '3.4M', '2.5B']);
  });

  it('writes audio seconds as s, min and h', () => {
    const full = [0, 45, 725, 1800, 4980, 7200].map((n) => formatQuantity('audio_seconds', n));
    expect(full).toEqual(['0 s', '45 s', '12 min 5 s', '30 min', '1 h 23 min', '2 h']);
    const compact = [0, 45, 59.97, 90, 1800, 5400, 36_000, 4_500_000].map((n) => formatQuantity('audio_seconds', n, 'compact'));
    expect(compact).toEqual(['0 s', '45 s', '1 min', '1.5 min', '30 min', '1.5 h', '10 h', '1.3k h']);
  });
});
