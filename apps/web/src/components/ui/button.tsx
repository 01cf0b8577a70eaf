import { type ButtonHTMLAttributes, cloneElement, isValidElement, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { composeRefs } from '../../lib/compose-refs.ts';

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
  if (asChild) return <AsChild className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}

type ChildProps = Record<string, unknown> & { ref?: Ref<unknown> };

/**
 * `asChild`: the button's props on its one child element, merged as Radix's Slot merges them (the child's
 * own props win, both event handlers run, the child's first; classes and styles combined; both refs set).
 * Written out: Radix's Slot was the only Radix code in the app's first download.
 */
function AsChild({ children, ...props }: ButtonHTMLAttributes<HTMLElement> & { ref?: Ref<unknown> }): ReactNode {
  if (!isValidElement<ChildProps>(children)) return children;
  const own = children.props;
  const slot = props as ChildProps;
  const merged: ChildProps = { ...slot, ...own };
  for (const [name, value] of Object.entries(own)) {
    const mine = slot[name];
    if (!/^on[A-Z]/.test(name) || typeof mine !== 'function') continue;
    merged[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            const result = value(...args);
            mine(...args);
            return result;
          }
        : mine;
  }
  if (slot.style || own.style) merged.style = { ...(slot.style as object), ...(own.style as object) };
  merged.className = [slot.className, own.className].filter(Boolean).join(' ');
  if (slot.ref && own.ref) merged.ref = composeRefs(slot.ref, own.ref);
  return cloneElement(children, merged);
}
