import { BlogEditor } from "../../components/admin/blog-editor.tsx";
import type { Route } from "./+types/blog-edit";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Edit Blog");

export default function BlogEdit({ params }: Route.ComponentProps) {
  return <BlogEditor key={params.id} id={params.id} />;
}
