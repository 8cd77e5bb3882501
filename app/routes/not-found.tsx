import { data } from "react-router";
import { NotFoundPage } from "../components/sections/not-found.tsx";

// Any path no other route claims: a real 404 inside the site layout, with a way onwards.
export function loader() {
  throw data("Not found", { status: 404 });
}

export const meta = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default NotFoundPage;

export function ErrorBoundary() {
  return <NotFoundPage />;
}
