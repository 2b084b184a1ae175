import type { Heater } from '@portal/duet';
import { AMBIENT_C } from './initial-model.ts';

/** Seconds a heater needs to cover 63% of the way to its setpoint (bed, hotend). */
const TIME_CONSTANT_S: readonly number[] = [90, 30];
/** A heater this close to its setpoint counts as there (M109/M190, job warm-up). */
export const AT_TEMPERATURE_BAND_C = 1.5;

function setpoint(heater: Heater): number {
  if (heater.state === 'active') return heater.active;
  if (heater.state === 'standby') return heater.standby;
  return AMBIENT_C;
}

/** Moves each heater towards its setpoint over `seconds` (first-order response, a little ripple when held). */
export function stepHeaters(heaters: readonly (Heater | null)[], seconds: number, clockMs: number): void {
  heaters.forEach((heater, index) => {
    if (!heater) return;
    const target = setpoint(heater);
    const tau = TIME_CONSTANT_S[index] ?? 30;
    const settled = target + (heater.current - target) * Math.exp(-seconds / tau);
    const holding = target > AMBIENT_C && Math.abs(settled - target) < 0.5;
    const ripple = holding ? 0.2 * Math.sin(clockMs / 7000 + index) : 0;
    heater.current = Math.round((settled + ripple) * 100) / 100;
    const heating =
      target > AMBIENT_C ? (target - heater.current) / 15 + (target - AMBIENT_C) / heater.max : 0;
    heater.avgPwm = Math.round(Math.min(1, Math.max(0, heating)) * 1000) / 1000;
  });
}

export function isAtTemperature(heater: Heater): boolean {
  return Math.abs(heater.current - setpoint(heater)) <= AT_TEMPERATURE_BAND_C;
}
