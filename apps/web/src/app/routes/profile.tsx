import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ui/error-message';
import { PageSpinner } from '../../components/ui/spinner';
import { EditPasswordButton } from '../../features/auth/components/edit-password';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { profileQueries } from '../../features/profile/api/profile';
import { MemberCard } from '../../features/profile/components/member-card';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { canRetry, errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export function ProfilePage() {
  const session = useSession();
  const profile = useQuery(profileQueries.mine(session?.id));
  const t = useT();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{t('profile.heading')}</h1>
      {profile.isPending && <PageSpinner />}
      {profile.isError && (
        <ErrorMessage message={errorMessage(profile.error)} onRetry={canRetry(profile.error) ? () => profile.refetch() : undefined} />
      )}
      {profile.data && <MemberCard profile={profile.data} />}
      {profile.data && (
        <ProfileForm key={profile.data.id} profile={profile.data}>
          <EditPasswordButton />
          <LogoutButton
            label={t('profile.logout')}
            className="inline-flex items-center rounded-xl bg-berry px-5 py-2.5 font-semibold text-white hover:bg-espresso"
          />
        </ProfileForm>
      )}
    </section>
  );
}
