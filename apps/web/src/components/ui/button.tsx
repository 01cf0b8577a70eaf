import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const VARIANTS = {
  primary: 'bg-night-900 text-moon-50 hover:bg-night-800 shadow-card',
  gold: 'bg-gold-400 text-night-950 hover:bg-gold-500 shadow-glow',
  outline: 'border border-line bg-white text-ink hover:bg-moon-100',
  ghost: 'text-ink hover:bg-moon-100',
  onDark: 'border border-moon-50/30 text-moon-50 hover:bg-moon-50/10',
  danger: 'bg-danger text-white hover:bg-danger/90',
  link: 'text-rose-700 underline-offset-4 hover:underline px-0 h-auto pointer-coarse:min-h-11',
} as const;

// A small button keeps its 36 px for a mouse and grows to a finger's 44 px on a touch screen.
const SIZES = {
  sm: 'h-9 min-w-9 px-3 text-sm pointer-coarse:h-11 pointer-coarse:min-w-11',
  md: 'h-11 min-w-11 px-5 text-[0.95rem]',
  lg: 'h-13 px-7 text-base',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export const buttonClasses = (variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-[var(--radius-control)] font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
    VARIANTS[variant],
    variant !== 'link' && SIZES[size],
  );

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /** Render the child (a Link, an anchor) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ variant, size, className, type = 'button', asChild, ...props }: ButtonProps) {
  const classes = cn(buttonClasses(variant, size), className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}
