import { BlogEditor } from "../../components/admin/blog-editor.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export const meta = adminMeta("Create Blog");

export default function BlogCreate() {
  return <BlogEditor />;
}
