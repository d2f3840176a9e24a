import { raw } from 'hono/html';
import { currentBillingPeriod } from '../../billing/period';
import { limitsView, planView, storageView } from '../../billing/usage-view';
import { findAccountPlan } from '../../db/queries/accounts';
import { usageBreakdown } from '../../db/queries/usage';
import { USAGE_METRICS, type UsageMetric } from '../../db/schema';
import { renderUsageChart } from '../charts/usage-chart';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { formatBytes, formatQuantity, METRIC_UNIT } from '../format';
import { signedIn } from '../guards';
import { notFoundPage, renderPage } from '../views/render';

export const METRIC_LABELS: Record<UsageMetric, string> = {
  text_tokens: 'Text tokens',
  images_generated: 'Images',
  audio_seconds: 'Audio',
  file_chats: 'File chats',
  plagiarism_checks: 'Plagiarism checks',
};

function percent(used: number, quota: number): number {
  return quota > 0 ? Math.min(100, Math.round((used / quota) * 1000) / 10) : 0;
}

/**
 * The overview: the current billing period's use of each metric against the plan's quota (bars), and
 * use per day (server-drawn SVG, with the same numbers in a table for screen readers).
 */
export function registerOverviewPage(app: Dashboard, { rt }: DashboardDeps) {
  app.get('/', async (c) => {
    const session = signedIn(c);
    const period = currentBillingPeriod();
    // The totals and the days from one snapshot, as GET /v1/usage?group_by=day reads them: the bars and
    // the charts always add up.
    const [plan, { totals, perDay: daily }, stored] = await Promise.all([
      findAccountPlan(rt.db, session.accountId),
      usageBreakdown(rt.db, session.accountId, period, 'day'),
      rt.usage.storage(session.accountId),
    ]);
    if (!plan) return notFoundPage(c, 'account');
    // The same limits, plan and storage GET /v1/usage answers (src/billing/usage-view.ts).
    const limits = limitsView(plan.quotas, totals);
    const storage = storageView(plan.storageBytes, stored);
    const fmt = new Intl.NumberFormat('en');
    const lastDay = new Date(period.end.getTime() - 1).toISOString().slice(0, 10);
    return renderPage(
      c,
      { title: 'Overview', section: 'overview' },
      <>
        <section aria-labelledby="usage">
          <h2 id="usage">
            Usage, {period.startIso.slice(0, 10)} to {lastDay}
          </h2>
          <p class="muted">
            {planView(plan).name} plan · {fmt.format(plan.rateLimitPerMinute)} requests a minute · the billing period is the calendar month in UTC.
          </p>
          <ul class="meters">
            {USAGE_METRICS.map((metric) => {
              const { limit, used, remaining } = limits[metric];
              const share = limit === null ? 0 : percent(used, limit);
              return (
                <li data-metric={metric}>
                  <div class="meter-head">
                    <span id={`m-${metric}`}>{METRIC_LABELS[metric]}</span>
                    <span>
                      {formatQuantity(metric, used)} of {limit === null ? 'unlimited' : limit > 0 ? formatQuantity(metric, limit) : 'none on this plan'}
                      {limit !== null && limit > 0 && (
                        <span class="muted">
                          {' '}
                          ({share}%, {formatQuantity(metric, remaining ?? 0)} left)
                        </span>
                      )}
                    </span>
                  </div>
                  {limit !== null && (
                    <meter aria-labelledby={`m-${metric}`} min={0} max={Math.max(limit, 1)} low={limit * 0.75} high={limit * 0.9} optimum={0} value={used}>
                      {share}%
                    </meter>
                  )}
                </li>
              );
            })}
            {(() => {
              // Not per period: what the account stores now, files and sites, against the plan's allowance.
              const share = percent(storage.used_bytes, storage.limit_bytes);
              return (
                <li data-metric="storage">
                  <div class="meter-head">
                    <span id="m-storage">
                      Storage (files {formatBytes(storage.file_bytes)}, sites {formatBytes(storage.site_bytes)})
                    </span>
                    <span>
                      {formatBytes(storage.used_bytes)} of {formatBytes(storage.limit_bytes)}
                      <span class="muted">
                        {' '}
                        ({share}%, {formatBytes(storage.remaining_bytes)} left)
                      </span>
                    </span>
                  </div>
                  <meter
                    aria-labelledby="m-storage"
                    min={0}
                    max={Math.max(storage.limit_bytes, 1)}
                    low={storage.limit_bytes * 0.75}
                    high={storage.limit_bytes * 0.9}
                    optimum={0}
                    value={storage.used_bytes}
                  >
                    {share}%
                  </meter>
                </li>
              );
            })()}
          </ul>
        </section>
        <section aria-labelledby="daily">
          <h2 id="daily">Use per day</h2>
          <div class="charts">
            {USAGE_METRICS.map((metric) => (
              <figure data-chart={metric}>
                <figcaption>{METRIC_LABELS[metric]}</figcaption>
                {/* The renderer escapes every text it draws (tested in usage-chart.test.ts). */}
                {raw(
                  renderUsageChart({
                    days: daily.days,
                    values: daily.series[metric],
                    label: METRIC_LABELS[metric],
                    unit: METRIC_UNIT[metric],
                    periodDays: Math.round((period.end.getTime() - period.start.getTime()) / 86_400_000),
                  }),
                )}
              </figure>
            ))}
          </div>
          <details class="daily-table">
            <summary>Numbers per day</summary>
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">Use per day this billing period</caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    {USAGE_METRICS.map((metric) => (
                      <th scope="col" class="num">
                        {METRIC_LABELS[metric]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {daily.days.map((day, i) => (
                    <tr>
                      <th scope="row">{day}</th>
                      {USAGE_METRICS.map((metric) => (
                        <td class="num">{formatQuantity(metric, daily.series[metric][i] ?? 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      </>,
    );
  });
}
