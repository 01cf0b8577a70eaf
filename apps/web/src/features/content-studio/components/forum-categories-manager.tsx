// Placeholder: filled in by its helper.
export function ForumCategoriesManager() {
  return <p>Coming soon</p>;
}
