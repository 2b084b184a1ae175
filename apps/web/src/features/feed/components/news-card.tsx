import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useDeleteFeedItem } from '../api/delete-feed-item';
import { useFeed } from '../api/get-feed';
import { FeedItemDialog } from './feed-item-dialog';

export interface NewsCardProps {
  /** Administrators publish and delete news. */
  canManage: boolean;
}

/**
 * The dashboard's news card: shown only when there is news (docs/design.md §3). Administrators get a
 * button to publish news, beside the card or in its place when there is none, and delete buttons.
 */
export function NewsCard({ canManage }: NewsCardProps) {
  const { t, i18n } = useTranslation();
  const { data: items } = useFeed();
  const remove = useDeleteFeedItem();
  const [writing, setWriting] = useState(false);
  const publish = canManage && (
    <Button size="sm" variant="primary" onClick={() => setWriting(true)}>
      <i className="bi bi-megaphone me-1" aria-hidden="true" />
      {t('tickets.feed.create')}
    </Button>
  );
  const dialog = writing && <FeedItemDialog onClose={() => setWriting(false)} />;

  if (!items || items.length === 0)
    return canManage ? (
      <>
        {publish}
        {dialog}
      </>
    ) : null;
  return (
    <Card className="h-100" as="section" aria-labelledby="news-title">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="news-title" className="h5 mb-0 d-flex align-items-center gap-2">
          <i className="bi bi-newspaper" aria-hidden="true" />
          {t('tickets.feed.title')}
        </h2>
        {publish}
      </Card.Header>
      <Card.Body className="overflow-auto" style={{ maxHeight: '24rem' }}>
        <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <article aria-labelledby={`news-${item.id}`}>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 id={`news-${item.id}`} className="h6 mb-1">
                    {item.title}
                  </h3>
                  {canManage && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={t('tickets.feed.deleteItem', { title: item.title })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(item.id)}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  )}
                </div>
                <time dateTime={item.datetime} className="small text-body-secondary">
                  {formatDateTime(item.datetime, i18n.language)}
                </time>
                <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.content}
                </p>
              </article>
            </li>
          ))}
        </ul>
      </Card.Body>
      {dialog}
    </Card>
  );
}
