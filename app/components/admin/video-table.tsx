import { formatDate } from "../../../common/format.ts";
import { messages } from "../../../common/messages.ts";
import type { Video } from "../../../common/schemas/video.ts";
import { api, ApiError } from "../../lib/admin-api.ts";
import { useFeedback } from "./feedback.tsx";
import {
  ActionsCell,
  adminButtonDanger,
  Blank,
  Cell,
  DataTable,
  fileSize,
  focusById,
  LoadState,
  Row,
  TableStatus,
} from "./ui.tsx";

/** The file name of a stored video, short enough to read in a table. */
const fileName = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** The uploaded portfolio videos with Delete (dashboard and portfolio page). */
export function VideoTable({
  videos,
  loading,
  error,
  onDeleted,
  headingId,
  detailed = false,
}: {
  videos: Video[] | undefined;
  loading: boolean;
  error?: string;
  onDeleted: (publicId: string) => void;
  /** The heading focus moves to once a deleted row is gone. */
  headingId: string;
  detailed?: boolean;
}) {
  const { confirm, notify } = useFeedback();

  async function remove(video: Video) {
    if (!(await confirm(messages.confirmDeleteVideo))) return;
    try {
      const answer = await api<{ success?: boolean }>("/video/", {
        method: "DELETE",
        json: { public_id: video.public_id },
      });
      if (!answer.success) throw new ApiError(500, messages.videoDeleteFailed);
      onDeleted(video.public_id);
      focusById(headingId);
      notify(messages.videoDeleted);
    } catch (problem) {
      // The server said no: 'Failed to…'; no answer at all (network): 'An error occurred…'.
      notify(
        problem instanceof ApiError && problem.status > 0
          ? messages.videoDeleteFailed
          : messages.videoDeleteError,
        "error",
      );
    }
  }

  const list = videos ?? [];
  const columns = detailed ? ["Url", "YouTube", "Size", "Date", ""] : ["Url", ""];
  return (
    <>
      {list.length > 0 && error && (
        <LoadState loading={false} error={error} empty={false} emptyText="" />
      )}
      <DataTable
        label="Videos"
        columns={columns}
        placeholder={
          <TableStatus loading={loading} error={error} emptyText="No videos uploaded yet." />
        }
      >
        {list.map((video) => (
          <Row key={video._id}>
            <Cell label="Url" className="break-all">
              <a
                href={video.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand underline"
              >
                {video.url}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Cell>
            {detailed && (
              <Cell label="YouTube" className="break-all">
                {video.youtubeURL ? (
                  <a
                    href={video.youtubeURL}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand underline"
                  >
                    {video.youtubeURL}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Blank />
                )}
              </Cell>
            )}
            {detailed && (
              <Cell label="Size" className="whitespace-nowrap">
                {fileSize(video.size)}
              </Cell>
            )}
            {detailed && (
              <Cell label="Date" className="whitespace-nowrap">
                {formatDate(video.date)}
              </Cell>
            )}
            <ActionsCell>
              <button type="button" className={adminButtonDanger} onClick={() => remove(video)}>
                Delete<span className="sr-only"> video {fileName(video.url)}</span>
              </button>
            </ActionsCell>
          </Row>
        ))}
      </DataTable>
    </>
  );
}
