import { CATALOGS, type Catalog } from '@portal/contract';
import type { ReactNode } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { resolveTab } from '../../../lib/tabs';
import { useLanguage } from '../../../lib/use-language';
import { CatalogTable } from './catalog-table';

/**
 * The groups tab of /settings: machine, board and computer types, one catalogue at a time, chosen by the
 * query parameter `group` (docs/product.md §2); anything else shows machine types. `children` adds what the
 * screen shows under a catalogue (the machine types' maintenance plans, from another feature).
 */
export function CatalogTab({ children }: { children?: (catalog: Catalog) => ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const catalog = resolveTab(params.get('group') ?? '', CATALOGS, 'machines');

  return (
    <section aria-labelledby="catalog-title">
      <h2 id="catalog-title" className="visually-hidden">
        {t('hardware.tabs.groups')}
      </h2>
      <Nav as="ul" variant="pills" className="mb-3" aria-label={t('hardware.catalog.label')}>
        {CATALOGS.map((key) => (
          <Nav.Item as="li" key={key}>
            <Nav.Link
              as={Link}
              to={paths.settingsCatalog.getHref(lang, key)}
              active={key === catalog}
              aria-current={key === catalog ? 'page' : undefined}
            >
              {t(`hardware.catalog.groups.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <CatalogTable key={catalog} catalog={catalog} />
      {children?.(catalog)}
    </section>
  );
}
