import { useTranslation } from 'react-i18next';
import { SessionExpiryDialog } from '../../../features/auth/components/session-expiry-dialog';
import { SessionRenewal } from '../../../features/auth/components/session-renewal';
import { useUser } from '../../../features/users/api/get-user';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { MachineWall } from '../../machines/machine-wall';

/**
 * /machines/wall: the wall view on its own, outside the signed-in shell (no navigation), with the shell's
 * session renewal and expiry popup.
 */
export default function MachinesWallRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { data: user } = useUser(session?.claims.id);
  usePageTitle(t('fleet.wall.title'));
  if (!session) return null;
  return (
    <>
      <MachineWall />
      <SessionRenewal />
      <SessionExpiryDialog email={user?.email} />
    </>
  );
}
