// Placeholder until issue 28's page lands (replaced by its helper).
export function Component() {
  return <main>Coming soon</main>;
}
