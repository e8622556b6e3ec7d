import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { Link } from '../../../lib/router';
import { profileQueries } from '../api/profile';
import { Avatar } from './avatar';

export function ProfileLink({ sessionId }: { sessionId: number }) {
  const { data: profile } = useQuery(profileQueries.mine(sessionId));
  const t = useT();
  const name = profile?.display_name || profile?.email || '';
  return (
    <Link to="/profile" aria-label={t('nav.yourProfile')} className="rounded-full">
      <Avatar image={profile?.image} name={name} className="size-10" />
    </Link>
  );
}
