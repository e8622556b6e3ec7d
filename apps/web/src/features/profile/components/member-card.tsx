import type { Profile as MemberProfile } from '@kopi/shared';
import { formatIDR, type Locale } from '@kopi/shared';
import { useLocale, useT } from '../../../lib/i18n';
import { SHOP_TIMEZONE, shopName } from '../../../lib/shop-name';

/** "2026-11-23" (a day) or an instant, as the shop's calendar day: "23 November 2026". */
function formatSince(since: string, locale: Locale): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(since);
  const instant = new Date(day ? `${since}T12:00:00Z` : since);
  if (Number.isNaN(instant.getTime())) return since;
  return new Intl.DateTimeFormat(locale === 'id' ? 'id-ID' : 'en-GB', {
    timeZone: day ? 'UTC' : SHOP_TIMEZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
}

/**
 * The member card once the customer's Done orders reach IDR 200.000; until then the spec's "Get your
 * member card now!" banner, with what is left to spend (docs/shop-rules.md#the-member-card).
 */
export function MemberCard({ profile }: { profile: MemberProfile }) {
  const t = useT();
  const locale = useLocale();
  if (profile.member) {
    return (
      <section
        aria-label={t('member.card')}
        data-testid="member-card"
        className="relative max-w-xl overflow-hidden rounded-3xl bg-gradient-to-br from-espresso to-roast p-6 text-crema shadow-md"
      >
        <p className="text-sm font-semibold tracking-widest uppercase">{t('member.cardLine', { shop: shopName() })}</p>
        <p className="mt-4 font-mono text-2xl font-bold tracking-wider" data-testid="member-number">
          {profile.member.number}
        </p>
        <p className="mt-2 text-sm">
          {profile.display_name || profile.email} · {t('member.since')} {formatSince(profile.member.since, locale)}
        </p>
      </section>
    );
  }
  const { spent, goal } = profile.member_progress;
  const left = Math.max(0, goal - spent);
  return (
    <section aria-labelledby="member-banner-heading" data-testid="member-banner" className="rounded-3xl bg-crema p-6 shadow-sm">
      <h2 id="member-banner-heading" className="text-2xl font-bold">
        {t('member.bannerHeading')}
      </h2>
      <p className="mt-2 text-roast">{t('member.left', { left: formatIDR(left), goal: formatIDR(goal) })}</p>
      <div
        role="progressbar"
        aria-label={t('member.progress')}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(spent, goal)}
        aria-valuetext={t('member.progressValue', { spent: formatIDR(Math.min(spent, goal)), goal: formatIDR(goal) })}
        className="mt-4 h-3 overflow-hidden rounded-full bg-white"
      >
        <div className="h-full rounded-full bg-caramel-dark" style={{ width: `${Math.min(100, (spent / goal) * 100)}%` }} />
      </div>
    </section>
  );
}
