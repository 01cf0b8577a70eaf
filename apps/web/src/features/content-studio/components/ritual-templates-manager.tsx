// Placeholder: filled in by its helper.
export function RitualTemplatesManager() {
  return <p>Coming soon</p>;
}
