import type { MachinePathName } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../api/upload-files';
import { describeFileError } from './file-error';

export interface UploadPanelProps {
  onUpload: (files: File[]) => void;
  isUploading: boolean;
  items: readonly UploadItem[];
  /** The path the uploads go by, whose refusals say what it allows. */
  path: MachinePathName;
  /** Whether this folder takes uploads on that path: if not, the panel says where they may go instead. */
  allowed: boolean;
}

const percent = (item: UploadItem) => (item.total > 0 ? Math.round((item.loaded / item.total) * 100) : 100);

/** The multi-file chooser with its 'Carica' button, and one progress bar per file of the last upload. */
export function UploadPanel({ onUpload, isUploading, items, path, allowed }: UploadPanelProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const hintId = useId();

  const submit = () => {
    if (chosen.length === 0) return;
    onUpload(chosen);
    setChosen([]);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="mb-3">
      <Form.Label htmlFor={inputId}>{t('files.upload.label')}</Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {/* The browser's own chooser speaks the browser's language: this one speaks the page's. */}
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          className="visually-hidden file-chooser"
          disabled={isUploading || !allowed}
          aria-describedby={allowed ? undefined : hintId}
          onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []))}
        />
        <label
          htmlFor={inputId}
          className={`btn btn-outline-secondary${isUploading || !allowed ? ' disabled' : ''}`}
        >
          <i className="bi bi-folder2-open me-1" aria-hidden="true" />
          {t('files.upload.choose')}
        </label>
        <span className="text-body-secondary text-truncate flex-grow-1" style={{ flexBasis: '8rem' }}>
          {chosen.length === 0 ? t('files.upload.noneChosen') : chosen.map((file) => file.name).join(', ')}
        </span>
        <Button onClick={submit} disabled={isUploading || !allowed || chosen.length === 0}>
          <i className="bi bi-upload me-1" aria-hidden="true" />
          {t('files.upload.submit')}
        </Button>
      </div>
      {!allowed && (
        <p id={hintId} className="form-text mb-0" data-testid="upload-only-in">
          <i className="bi bi-info-circle me-1" aria-hidden="true" />
          {t('files.upload.onlyIn')}
        </p>
      )}
      {items.length > 0 && (
        <ul className="list-unstyled mt-2 mb-0">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a batch may hold two files of the same name
            <li key={index} className="mb-2">
              <div className="d-flex justify-content-between small">
                <span className="text-break">{item.name}</span>
                <span className={item.state === 'failed' ? 'text-danger-emphasis' : 'text-body-secondary'}>
                  {item.state === 'failed'
                    ? t('files.upload.failed', { reason: describeFileError(item.error, t, { path }) })
                    : item.state === 'done'
                      ? t('files.upload.done')
                      : item.state === 'waiting'
                        ? t('files.upload.waiting')
                        : `${percent(item)}%`}
                </span>
              </div>
              {/* Bootstrap 5.3's markup: the role and its name on the track, so each bar is named after its file. */}
              <div
                className="progress"
                role="progressbar"
                aria-label={t('files.upload.progressLabel', { name: item.name })}
                aria-valuenow={percent(item)}
                aria-valuemin={0}
                aria-valuemax={100}
                style={{ height: '0.5rem' }}
              >
                <div
                  className={`progress-bar ${item.state === 'failed' ? 'bg-danger' : item.state === 'done' ? 'bg-success' : ''}`}
                  style={{ width: `${item.state === 'failed' ? 100 : percent(item)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
