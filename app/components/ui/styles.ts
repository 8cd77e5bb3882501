/** Shared class names for links styled as buttons. */
export const buttonPrimary =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 font-bold text-navy shadow-sm transition-colors hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-70";
export const buttonBlue =
  "inline-flex items-center justify-center gap-2 rounded-full bg-brand px-6 py-3 font-bold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70";
export const buttonOutlineLight =
  "inline-flex items-center justify-center gap-2 rounded-full border-2 border-white px-6 py-3 font-bold text-white transition-colors hover:bg-white hover:text-brand";
export const linkArrow =
  "inline-flex items-center gap-1.5 font-bold text-brand underline-offset-4 hover:underline";
