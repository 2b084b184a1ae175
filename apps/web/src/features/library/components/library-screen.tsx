import {
  folderAndAncestors,
  type LibraryFile,
  type LibraryFolderEntry,
  PAGE_SIZE_DEFAULT,
} from '@portal/contract';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Breadcrumb, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable, type TableColumn } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldGroup } from '../../../components/ui/field-group';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import {
  useCreateFolder,
  useDeleteFolder,
  useDeleteLibraryFile,
  useDownloadLibraryFile,
  useLibrary,
  useLibraryThumbnail,
  useUploadLibraryFile,
} from '../api/library';

/** A row of the table: a folder inside the one shown, or a file. */
type Row = { kind: 'folder'; folder: LibraryFolderEntry } | { kind: 'file'; file: LibraryFile };

/** The print time as hours and minutes. */
const printTime = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
};

function Thumbnail({ file }: { file: LibraryFile }) {
  const { t } = useTranslation();
  const url = useLibraryThumbnail(file);
  if (!url) return <i className="bi bi-file-earmark-code fs-4 text-body-secondary" aria-hidden="true" />;
  return <img src={url} alt={t('library.thumbnail', { name: file.name })} width={48} height={48} />;
}

/** What the slicer wrote, in one line: time, filament, layer height, nozzle, printer. */
function SlicerSummary({ file }: { file: LibraryFile }) {
  const { t, i18n } = useTranslation();
  const metadata = file.metadata;
  if (!metadata) return null;
  const number = (value: number, digits = 2) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const filamentG = metadata.filament?.reduce((sum, use) => sum + (use.weightG ?? 0), 0);
  const filamentM = metadata.filament?.reduce((sum, use) => sum + (use.lengthMm ?? 0), 0);
  const parts = [
    metadata.estimatedPrintSeconds !== undefined &&
      t('library.meta.time', { time: printTime(metadata.estimatedPrintSeconds) }),
    filamentG
      ? t('library.meta.filamentG', { grams: number(filamentG, 1) })
      : filamentM && t('library.meta.filamentM', { metres: number(filamentM / 1000) }),
    metadata.layerHeightMm !== undefined && t('library.meta.layer', { mm: number(metadata.layerHeightMm) }),
    metadata.nozzleDiametersMm?.[0] !== undefined &&
      t('library.meta.nozzle', { mm: number(metadata.nozzleDiametersMm[0]) }),
    metadata.printerModel,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return (
    <span className="small text-body-secondary" data-testid="library-metadata">
      {parts.join(' · ')}
    </span>
  );
}

export interface LibraryScreenProps {
  /** The business chosen by staff; undefined: one's own. */
  business: number | undefined;
  /** What else a file's row offers, beside download and delete (the page adds "Add to queue"). */
  fileAction?: ((file: LibraryFile) => ReactNode) | undefined;
}

/**
 * A business's print library (docs/design.md §13): its folders with a breadcrumb, a search by name across
 * folders, uploads with their progress, new folders, downloads and deletions, and what each file's slicer wrote.
 */
export function LibraryScreen({ business, fileAction }: LibraryScreenProps) {
  const { t, i18n } = useTranslation();
  const [folder, setFolder] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = { business, folder, q: search || undefined, page, pageSize: PAGE_SIZE_DEFAULT };
  const listing = useLibrary(query);
  const upload = useUploadLibraryFile();
  const download = useDownloadLibraryFile();
  const deleteFile = useDeleteLibraryFile();
  const deleteFolder = useDeleteFolder();
  const createFolder = useCreateFolder();
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [newFolder, setNewFolder] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const chooserId = useId();
  const searchId = useId();

  const open = (path: string) => {
    setFolder(path);
    setSearch('');
    upload.reset();
    setPage(1);
  };

  const submitUpload = () => {
    if (!chosen) return;
    upload.mutate({ where: { business, folder }, file: chosen });
    setChosen(null);
    if (chooser.current) chooser.current.value = '';
  };

  const submitFolder = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newFolder?.trim()) return;
    const path = folder ? `${folder}/${newFolder.trim()}` : newFolder.trim();
    createFolder.mutate({ business, path }, { onSuccess: () => setNewFolder(null) });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const done = { onSuccess: () => setToDelete(null) };
    if (toDelete.kind === 'file') deleteFile.mutate(toDelete.file.id, done);
    else deleteFolder.mutate({ business, path: toDelete.folder.path }, done);
  };

  const data = listing.data;
  const rows: Row[] | undefined = data && [
    ...data.folders.map((entry): Row => ({ kind: 'folder', folder: entry })),
    ...data.items.map((file): Row => ({ kind: 'file', file })),
  ];
  const percent = upload.progress?.total
    ? Math.round((upload.progress.loaded / upload.progress.total) * 100)
    : 0;

  const columns: TableColumn<Row>[] = [
    {
      id: 'preview',
      header: t('library.columns.preview'),
      headerHidden: true,
      width: '4rem',
      cell: (row) =>
        row.kind === 'folder' ? (
          <i className="bi bi-folder fs-4 text-warning" aria-hidden="true" />
        ) : (
          <Thumbnail file={row.file} />
        ),
    },
    {
      id: 'name',
      header: t('library.columns.name'),
      rowHeader: true,
      cell: (row) =>
        row.kind === 'folder' ? (
          <Button variant="link" className="p-0 text-start" onClick={() => open(row.folder.path)}>
            {row.folder.name}
          </Button>
        ) : (
          <div>
            <div className="text-break">
              {search ? [row.file.folder, row.file.name].filter(Boolean).join('/') : row.file.name}
            </div>
            <SlicerSummary file={row.file} />
          </div>
        ),
    },
    {
      id: 'size',
      header: t('library.columns.size'),
      hideOnPhone: true,
      cell: (row) => (row.kind === 'file' ? formatFileSize(row.file.size, i18n.language) : ''),
    },
    {
      id: 'uploaded',
      header: t('library.columns.uploaded'),
      hideOnPhone: true,
      cell: (row) =>
        row.kind === 'file'
          ? [formatDateTime(row.file.uploadedAt, i18n.language), row.file.uploadedBy]
              .filter(Boolean)
              .join(' · ')
          : '',
    },
  ];

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div className="flex-grow-1">
          <Form.Label htmlFor={searchId}>{t('library.search')}</Form.Label>
          <InputGroup>
            <Form.Control
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
          </InputGroup>
        </div>
        <Button variant="outline-secondary" onClick={() => setNewFolder('')} disabled={search !== ''}>
          <i className="bi bi-folder-plus me-1" aria-hidden="true" />
          {t('library.newFolder')}
        </Button>
      </div>
      <div className="mb-3">
        <Form.Label htmlFor={chooserId}>{t('library.upload.label')}</Form.Label>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <input
            id={chooserId}
            ref={chooser}
            type="file"
            accept=".gcode,.g,.gc,.gco"
            className="visually-hidden file-chooser"
            disabled={upload.isPending}
            onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
          />
          <label
            htmlFor={chooserId}
            className={`btn btn-outline-secondary${upload.isPending ? ' disabled' : ''}`}
          >
            <i className="bi bi-folder2-open me-1" aria-hidden="true" />
            {t('library.upload.choose')}
          </label>
          <span className="text-body-secondary text-truncate flex-grow-1" style={{ flexBasis: '8rem' }}>
            {chosen ? chosen.name : t('library.upload.noneChosen')}
          </span>
          <Button onClick={submitUpload} disabled={upload.isPending || !chosen || search !== ''}>
            <i className="bi bi-upload me-1" aria-hidden="true" />
            {t('library.upload.submit')}
          </Button>
        </div>
        {upload.error instanceof ApiError && upload.error.code === 'ADMIN_PATH_ONLY' && (
          <Form.Text as="p" role="alert" className="text-danger-emphasis mt-2 mb-0">
            {t('library.upload.refused')}
          </Form.Text>
        )}
        {upload.progress && (upload.isPending || upload.isSuccess) && (
          <div
            className="progress mt-2"
            role="progressbar"
            aria-label={t('library.upload.progress')}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ height: '0.5rem' }}
            data-testid="library-upload-progress"
          >
            <div
              className={`progress-bar${upload.isSuccess ? ' bg-success' : ''}`}
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
      </div>
      {search === '' && (
        <Breadcrumb aria-label={t('library.breadcrumb')}>
          <Breadcrumb.Item
            active={folder === ''}
            linkAs="button"
            linkProps={{ className: 'btn btn-link p-0' }}
            onClick={() => open('')}
          >
            {t('library.root')}
          </Breadcrumb.Item>
          {folderAndAncestors(folder).map((path) => (
            <Breadcrumb.Item
              key={path}
              active={path === folder}
              linkAs="button"
              linkProps={{ className: 'btn btn-link p-0' }}
              onClick={() => open(path)}
            >
              {path.slice(path.lastIndexOf('/') + 1)}
            </Breadcrumb.Item>
          ))}
        </Breadcrumb>
      )}
      <CaptionedTable<Row>
        caption={search ? t('library.found', { search }) : t('library.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => (row.kind === 'folder' ? `folder:${row.folder.path}` : `file:${row.file.id}`)}
        isError={listing.isError}
        empty={t('library.empty')}
        emptyTestId="library-empty"
        actions={{
          label: t('library.columns.actions'),
          cell: (row) => (
            <div className="d-flex gap-1 justify-content-end">
              {row.kind === 'file' && fileAction?.(row.file)}
              {row.kind === 'file' && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => download.mutate(row.file)}
                  aria-label={t('library.download', { name: row.file.name })}
                >
                  <i className="bi bi-download" aria-hidden="true" />
                </Button>
              )}
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => setToDelete(row)}
                aria-label={t('library.delete', {
                  name: row.kind === 'file' ? row.file.name : row.folder.name,
                })}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </div>
          ),
        }}
      />
      {data && data.total > data.pageSize && (
        <div className="d-flex gap-2 align-items-center justify-content-end">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('library.previous')}
          </Button>
          <span className="small">
            {t('library.page', { page, pages: Math.ceil(data.total / data.pageSize) })}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page * data.pageSize >= data.total}
            onClick={() => setPage(page + 1)}
          >
            {t('library.next')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        show={toDelete !== null}
        title={toDelete?.kind === 'folder' ? t('library.deleteFolderTitle') : t('library.deleteFileTitle')}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        confirmLabel={t('library.deleteConfirm')}
        busy={deleteFile.isPending || deleteFolder.isPending}
      >
        {toDelete &&
          t('library.deleteBody', {
            name: toDelete.kind === 'file' ? toDelete.file.name : toDelete.folder.name,
          })}
      </ConfirmDialog>
      <FormDialog
        show={newFolder !== null}
        title={t('library.newFolder')}
        onSubmit={submitFolder}
        onCancel={() => setNewFolder(null)}
        submitLabel={t('library.create')}
        busy={createFolder.isPending}
        testId="library-folder-dialog"
      >
        <FieldGroup
          id="library-folder-name"
          label={t('library.folderName')}
          error={createFolder.isError ? t('library.folderError') : undefined}
        >
          {(describedBy) => (
            <Form.Control
              aria-describedby={describedBy}
              isInvalid={createFolder.isError}
              value={newFolder ?? ''}
              onChange={(event) => setNewFolder(event.currentTarget.value)}
              required
              maxLength={255}
            />
          )}
        </FieldGroup>
      </FormDialog>
    </>
  );
}
