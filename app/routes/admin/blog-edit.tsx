import { BlogEditor } from "../../components/admin/blog-editor.tsx";
import type { Route } from "./+types/blog-edit";

export const meta = () => [
  { title: "Edit Blog | Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function BlogEdit({ params }: Route.ComponentProps) {
  return <BlogEditor key={params.id} id={params.id} />;
}
