import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';

/** The two slicing programs of docs/design.md §3, PrusaSlicer first (the default). */
const SLICERS = ['prusaSlicer', 'cura'] as const;
type Slicer = (typeof SLICERS)[number];
const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

/**
 * Step-by-step setup for each slicer, and the OctoPrint alternative. The URL to paste begins as the token dialog's
 * does, with this page's own scheme (`http://` on a portal without TLS).
 */
export function SlicerInstructionsDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const scheme = `${window.location.protocol}//`;
  const [slicer, setSlicer] = useState<Slicer>('prusaSlicer');
  return (
    <OverlayDialog
      show={show}
      title={t('externalAccess.instructions.title')}
      onClose={onClose}
      testId="slicer-instructions"
    >
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
