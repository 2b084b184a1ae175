import { Nav } from 'react-bootstrap';
import { Link } from 'react-router';

export interface FragmentTab<Key extends string> {
  key: Key;
  label: string;
}

/** Tabs chosen by the URL fragment, so each tab has its own address (docs/product.md §2). */
export function FragmentTabs<Key extends string>({
  tabs,
  active,
  label,
}: {
  tabs: readonly FragmentTab<Key>[];
  active: Key;
  /** Accessible name of the tab list. */
  label: string;
}) {
  return (
    <Nav as="ul" variant="tabs" className="mb-3" aria-label={label}>
      {tabs.map((tab) => (
        <Nav.Item as="li" key={tab.key}>
          <Nav.Link
            as={Link}
            to={{ hash: tab.key }}
            active={tab.key === active}
            aria-current={tab.key === active ? 'page' : undefined}
          >
            {tab.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
