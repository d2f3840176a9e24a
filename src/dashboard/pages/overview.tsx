import { currentBillingPeriod } from '../../billing/period';
import { findAccountPlan } from '../../db/queries/accounts';
import { USAGE_METRICS, type UsageMetric } from '../../db/schema';
import type { Dashboard } from '../context';
import type { DashboardDeps } from '../deps';
import { signedIn } from '../guards';
import { notFoundPage, renderPage } from '../views/render';

export const METRIC_LABELS: Record<UsageMetric, string> = {
  text_tokens: 'Text tokens',
  images_generated: 'Images',
  audio_seconds: 'Audio seconds',
  file_chats: 'File chats',
};

function percent(used: number, quota: number): number {
  return quota > 0 ? Math.min(100, Math.round((used / quota) * 1000) / 10) : 0;
}

/** The overview: the current billing period's use of each metric against the plan's quota. */
export function registerOverviewPage(app: Dashboard, { rt }: DashboardDeps) {
  app.get('/', async (c) => {
    const session = signedIn(c);
    const period = currentBillingPeriod();
    const [plan, totals] = await Promise.all([findAccountPlan(rt.db, session.accountId), rt.usage.totals(session.accountId, period.key)]);
    if (!plan) return notFoundPage(c, 'account');
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
            {plan.planId} plan · {fmt.format(plan.rateLimitPerMinute)} requests a minute · the period is the calendar month in UTC.
          </p>
          <ul class="meters">
            {USAGE_METRICS.map((metric) => {
              const used = totals[metric];
              const quota = plan.quotas[metric];
              const share = percent(used, quota);
              return (
                <li data-metric={metric}>
                  <div class="meter-head">
                    <span id={`m-${metric}`}>{METRIC_LABELS[metric]}</span>
                    <span>
                      {fmt.format(used)} of {quota > 0 ? fmt.format(quota) : 'none on this plan'}
                      {quota > 0 && <span class="muted"> ({share}%)</span>}
                    </span>
                  </div>
                  <meter aria-labelledby={`m-${metric}`} min={0} max={Math.max(quota, 1)} low={quota * 0.75} high={quota * 0.9} optimum={0} value={used}>
                    {share}%
                  </meter>
                </li>
              );
            })}
          </ul>
        </section>
      </>,
    );
  });
}
