import type { SlicerDestination } from '@portal/contract';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';
import { slicerUrlPathOf } from '../lib/token-url';

/** The two slicing programs of docs/design.md §3, PrusaSlicer first (the default). */
const SLICERS = ['prusaSlicer', 'cura'] as const;
type Slicer = (typeof SLICERS)[number];
const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

export interface SlicerInstructionsDialogProps {
  show: boolean;
  onClose: () => void;
  /** The machine's computer controller; null when the group names none (then no URL is shown). */
  controllerId: number | null;
  /** The token the form would make: its access level and where its uploads go (docs/product.md §7 "Tokens"). */
  level: 'upload' | 'full_control';
  destination: SlicerDestination;
}

/** Where a token's uploads land, and what a slicer's print or simulation does there: its catalog key. */
function landsKey(destination: SlicerDestination) {
  if (destination.kind === 'machine') return 'externalAccess.instructions.lands.machine' as const;
  if (destination.kind === 'library') return 'externalAccess.instructions.lands.library' as const;
  return destination.target === 'machine'
    ? ('externalAccess.instructions.lands.queueMachine' as const)
    : ('externalAccess.instructions.lands.queueMachineType' as const);
}

/**
 * Step-by-step setup for each slicer, and the OctoPrint alternative, for the token the form above would make: the
 * Duet URL it gets (this page's origin, the machine, the segment of its level or destination, and a placeholder
 * where the token goes, which only the token dialog shows), where the files then land, and what printing or
 * simulating from the slicer does there.
 */
export function SlicerInstructionsDialog({
  show,
  onClose,
  controllerId,
  level,
  destination,
}: SlicerInstructionsDialogProps) {
  const { t } = useTranslation();
  const scheme = `${window.location.protocol}//`;
  const [slicer, setSlicer] = useState<Slicer>('prusaSlicer');
  const placeholder = t('externalAccess.instructions.tokenPlaceholder');
  const path = controllerId === null ? null : slicerUrlPathOf(controllerId, level, placeholder, destination);
  const folder = destination.kind === 'machine' ? '' : destination.folder || '/';
  return (
    <OverlayDialog
      show={show}
      title={t('externalAccess.instructions.title')}
      onClose={onClose}
      testId="slicer-instructions"
    >
      {path && (
        <Form.Group className="mb-3" controlId="slicer-instructions-url">
          <Form.Label>{t('externalAccess.instructions.url')}</Form.Label>
          <Form.Control
            readOnly
            value={`${window.location.origin}${path}`}
            className="font-monospace"
            onFocus={(event) => event.target.select()}
          />
        </Form.Group>
      )}
      <p data-testid="slicer-instructions-lands">{t(landsKey(destination), { folder })}</p>
      {destination.kind !== 'machine' && <p>{t('externalAccess.instructions.sameName')}</p>}
      <Form.Group className="mb-3" controlId="slicer-choice">
        <Form.Label>{t('externalAccess.instructions.choose')}</Form.Label>
        <Form.Select value={slicer} onChange={(event) => setSlicer(event.target.value as Slicer)}>
          {SLICERS.map((name) => (
            <option key={name} value={name}>
              {t(`externalAccess.instructions.${name}.name`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`externalAccess.instructions.${slicer}.${step}`, { scheme })}</li>
        ))}
      </ol>
      <p className="mb-0 text-body-secondary">{t('externalAccess.instructions.octoprint')}</p>
    </OverlayDialog>
  );
}
