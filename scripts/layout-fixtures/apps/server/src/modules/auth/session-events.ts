export const sessionEvents = 'listed in MODULE_PUBLIC_FILES';
