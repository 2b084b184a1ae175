import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface FilesHeaderProps {
  /** Undefined while the machine loads. */
  machineName: string | undefined;
  /** Where the back button goes: the machine's page. */
  backHref: string;
}

/** The back button and the title 'Files of {machine name}', which reads '<loading>' until the name is known. */
export function FilesHeader({ machineName, backHref }: FilesHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <Link to={backHref} className="btn btn-outline-secondary btn-sm mb-3">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('files.back')}
      </Link>
      <h1 className="h3 mb-0 text-break">
        {t('files.title', { name: machineName ?? t('files.loadingName') })}
      </h1>
    </div>
  );
}
