export const billing = 'a module factory';
