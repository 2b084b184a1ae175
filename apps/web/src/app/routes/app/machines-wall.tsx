import { useTranslation } from 'react-i18next';
import { SessionRenewal } from '../../../features/auth/components/session-renewal';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { MachineWall } from '../../machines/machine-wall';

/**
 * /machines/wall: the wall view on its own, outside the signed-in shell (no navigation), with the shell's
 * session renewal but not its expiry popup: a display nobody works at is never interrupted by a dialog, even
 * hidden. Shown again in time it renews at once; left hidden past the session's end it signs out, as any page.
 */
export default function MachinesWallRoute() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('fleet.wall.title'));
  if (!session) return null;
  return (
    <>
      <MachineWall />
      <SessionRenewal />
    </>
  );
}
