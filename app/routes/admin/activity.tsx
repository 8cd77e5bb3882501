// Issue 13: this screen is being built; the route is declared so the pieces can land apart.
export default function Placeholder() {
  return null;
}
