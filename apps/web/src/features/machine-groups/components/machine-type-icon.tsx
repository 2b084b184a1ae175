import { PALLET_MACHINE_TYPES } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** Whether a machine type is a pallet load/unload unit (docs/product.md §2); every other is a 3D printer. */
export const isPalletType = (machineType: number): boolean => PALLET_MACHINE_TYPES.includes(machineType);

// The icon set has neither a 3D printer nor a pallet: two small line drawings in its style (16 × 16, currentColor).
function PrinterPaths() {
  return (
    <>
      <path d="M2 1.5h12M2.5 1.5v13M13.5 1.5v13M1.5 14.5h13" />
      <path d="M2.5 5h11M7 5v2.5h2V5M8 7.5v1" />
      <path d="M4 13h8M6 13v-3.5h4V13" />
    </>
  );
}

function PalletPaths() {
  return (
    <>
      <path d="M1 12h14M1 14.5h14M2.5 12v2.5M8 12v2.5M13.5 12v2.5" />
      <path d="M4 12V6.5h8V12M4 9h8" />
      <path d="M8 1v3.5M6.5 3 8 4.5 9.5 3" />
    </>
  );
}

/** The machine type's icon: a 3D printer, or a pallet load/unload unit for the pallet types. */
export function MachineTypeIcon({ machineType, className }: { machineType: number; className?: string }) {
  const { t } = useTranslation();
  const pallet = isPalletType(machineType);
  return (
    <svg
      role="img"
      aria-label={
        pallet ? t('hardware.machineGroups.icons.pallet') : t('hardware.machineGroups.icons.printer')
      }
      xmlns="http://www.w3.org/2000/svg"
      width="1.25em"
      height="1.25em"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.1"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      data-machine-icon={pallet ? 'pallet' : 'printer'}
    >
      {pallet ? <PalletPaths /> : <PrinterPaths />}
    </svg>
  );
}
