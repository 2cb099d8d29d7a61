// trichess protocol shim for drtnf/threeChess (Java, MIT): speaks trichess's engine protocol
// (PROTOCOL.md) on standard input and output and answers each request with the engine's own
// Board: `isLegalMove`, `move`, `getTurn`, `gameOver`. Our own code; the engine is the checkout
// it is compiled against (see README.md).
//
// Cells: the engine's Position (colour, row 0-3, column 0-7) is trichess's cell of that
// colour's seat, file 'a' + column, rank row + 1. Its colours BLUE (moves first), GREEN and RED
// are trichess's seats A, C and B: a BLUE file a-d runs on over the top edge into GREEN's
// half-board (Position.neighbour), as trichess's A runs into C, the seat on its left. So its
// BLUE, GREEN, RED are the armies r, b, g, and its turn order (BLUE, GREEN, RED) is Red, Blue,
// Green. README.md says how this was checked.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import threeChess.Board;
import threeChess.Colour;
import threeChess.ImpossiblePositionException;
import threeChess.Piece;
import threeChess.PieceType;
import threeChess.Position;

public final class TrichessShim {
    /** The engine's colours in the order of trichess's seats A, B, C. */
    static final Colour[] SEATS = {Colour.BLUE, Colour.RED, Colour.GREEN};
    static final String SEAT_NAMES = "ABC";
    static final String ARMIES = "rgb";
    static final String ROLES = "PNBRQK";
    static final PieceType[] TYPES = {PieceType.PAWN, PieceType.KNIGHT, PieceType.BISHOP,
        PieceType.ROOK, PieceType.QUEEN, PieceType.KING};

    /** A refusal: the protocol's error kind and a message. */
    static final class Refusal extends Exception {
        final String kind;
        Refusal(String kind, String message) { super(message); this.kind = kind; }
    }

    // ---- names ----

    static int seatOf(Colour c) {
        for (int i = 0; i < 3; i++) if (SEATS[i] == c) return i;
        throw new IllegalStateException(String.valueOf(c));
    }

    static String cellName(Position p) {
        return "" + SEAT_NAMES.charAt(seatOf(p.getColour())) + (char) ('a' + p.getColumn()) + (p.getRow() + 1);
    }

    static Position cellOf(String name) throws Refusal {
        if (name.length() != 3) throw new Refusal("invalid-position", "no such cell: " + name);
        int seat = SEAT_NAMES.indexOf(name.charAt(0));
        int column = name.charAt(1) - 'a';
        int row = name.charAt(2) - '1';
        try {
            if (seat < 0) throw new ImpossiblePositionException(name);
            return Position.get(SEATS[seat], row, column);
        } catch (ImpossiblePositionException e) {
            throw new Refusal("invalid-position", "no such cell: " + name);
        }
    }

    static String pieceName(Piece piece) {
        int role = 0;
        while (TYPES[role] != piece.getType()) role++;
        return "" + ARMIES.charAt(seatOf(piece.getColour())) + ROLES.charAt(role);
    }

    // ---- positions ----

    static Field field(String name) throws ReflectiveOperationException {
        Field f = Board.class.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    /**
     * Reads trichess's JSON form of a Yalta position into a Board. The engine's Board is built
     * at its starting position only; the shim sets its private map of pieces and its turn by
     * reflection. Refuses (unsupported) what its game has no state for: an army controlled by
     * another seat, a pending mate, a seat without its king (its game is over once a king is
     * taken). Castling rights, en passant cells and a first-check record are ignored: it castles
     * whenever king and rook stand on their first cells (a position it writes has those
     * castlings as its rights), has no en passant and no such record.
     */
    @SuppressWarnings("unchecked")
    static Board readPosition(Object json) throws Refusal {
        if (!(json instanceof Map)) throw new Refusal("unsupported", "the shim reads the JSON form of a position only");
        Map<String, Object> pos = (Map<String, Object>) json;
        for (String key : new String[] {"control", "pending_mate"}) {
            Object v = pos.get(key);
            if (v instanceof Map && !((Map<?, ?>) v).isEmpty() || v instanceof List && !((List<?>) v).isEmpty())
                throw new Refusal("unsupported", "its game has no " + key);
        }
        Object toMove = pos.get("to_move");
        int mover = toMove instanceof String && ((String) toMove).length() == 1 ? ARMIES.indexOf((String) toMove) : -1;
        if (mover < 0) throw new Refusal("invalid-position", "to_move must be r, g or b");
        if (!(pos.get("pieces") instanceof Map)) throw new Refusal("invalid-position", "no pieces");
        HashMap<Position, Piece> map = new HashMap<>();
        boolean[] king = new boolean[3];
        for (Map.Entry<String, Object> e : ((Map<String, Object>) pos.get("pieces")).entrySet()) {
            String piece = e.getValue() instanceof String ? (String) e.getValue() : "";
            int army = piece.length() == 2 ? ARMIES.indexOf(piece.charAt(0)) : -1;
            int role = piece.length() == 2 ? ROLES.indexOf(piece.charAt(1)) : -1;
            if (army < 0 || role < 0) throw new Refusal("invalid-position", "no such piece: " + piece);
            if (TYPES[role] == PieceType.KING) king[army] = true;
            map.put(cellOf(e.getKey()), new Piece(TYPES[role], SEATS[army]));
        }
        for (int army = 0; army < 3; army++)
            if (!king[army]) throw new Refusal("unsupported", "its game is over once a king is taken");
        Board board = new Board(0);
        try {
            field("board").set(board, map);
            field("turn").set(board, SEATS[mover]);
        } catch (ReflectiveOperationException e) {
            throw new Refusal("failed", "cannot set the board: " + e);
        }
        return board;
    }

    /**
     * The castlings its game allows: a rook of the king's colour on its own first cell a1 or h1
     * with that king on e1 ("it does not matter if the King and the Rook have moved before").
     */
    static List<Object> castling(Board board) {
        List<Object> rights = new ArrayList<>();
        try {
            for (Colour c : SEATS) {
                Piece king = board.getPiece(Position.get(c, 0, 4));
                if (king == null || king.getType() != PieceType.KING || king.getColour() != c) continue;
                for (int column : new int[] {0, 7}) {
                    Position cell = Position.get(c, 0, column);
                    Piece rook = board.getPiece(cell);
                    if (rook != null && rook.getType() == PieceType.ROOK && rook.getColour() == c) rights.add(cellName(cell));
                }
            }
        } catch (ImpossiblePositionException e) {
            throw new IllegalStateException(e);
        }
        return rights;
    }

    static Map<String, Object> writePosition(Board board) {
        Map<String, Object> pieces = new TreeMap<>();
        for (Map.Entry<Position, Piece> e : board.getPositionPieceMap().entrySet())
            if (e.getValue() != null) pieces.put(cellName(e.getKey()), pieceName(e.getValue()));
        Map<String, Object> pos = new LinkedHashMap<>();
        pos.put("to_move", "" + ARMIES.charAt(seatOf(board.getTurn())));
        pos.put("pieces", pieces);
        pos.put("castling", castling(board));
        pos.put("en_passant", null);
        pos.put("en_passant_earlier", null);
        pos.put("control", new LinkedHashMap<>());
        pos.put("first_check", new LinkedHashMap<>());
        pos.put("pending_mate", new ArrayList<>());
        return pos;
    }

    // ---- moves ----

    /** A move of the engine, in trichess's notation; null for a move it has no name for. */
    static String moveName(Board board, Position from, Position to) {
        Piece piece = board.getPiece(from);
        String name = cellName(from) + "-" + cellName(to);
        if (piece.getType() == PieceType.KING && from.getRow() == 0 && from.getColumn() == 4
            && from.getColour() == piece.getColour() && to.getRow() == 0 && to.getColour() == from.getColour()
            && Math.abs(to.getColumn() - 4) == 2) {
            try {
                return name + "/" + cellName(Position.get(from.getColour(), 0, to.getColumn() == 6 ? 7 : 0));
            } catch (ImpossiblePositionException e) {
                throw new IllegalStateException(e);
            }
        }
        if (piece.getType() == PieceType.PAWN && to.getRow() == 0 && to.getColour() != piece.getColour())
            return name + "=Q"; // Board.move promotes every pawn to a queen there
        return name;
    }

    static List<Position[]> legalMoves(Board board) {
        List<Position[]> moves = new ArrayList<>();
        if (board.gameOver()) return moves;
        for (Position from : Position.values()) {
            Piece piece = board.getPiece(from);
            if (piece == null || piece.getColour() != board.getTurn()) continue;
            for (Position to : Position.values())
                if (board.isLegalMove(from, to)) moves.add(new Position[] {from, to});
        }
        return moves;
    }

    static Board play(Board board, String move) throws Refusal {
        for (Position[] m : legalMoves(board)) {
            if (!moveName(board, m[0], m[1]).equals(move)) continue;
            try {
                Board after = (Board) board.clone();
                after.move(m[0], m[1]);
                return after;
            } catch (CloneNotSupportedException | ImpossiblePositionException e) {
                throw new Refusal("failed", e.toString());
            }
        }
        throw new Refusal("illegal-move", move + " is not among its legal moves");
    }

    static long perft(Board board, long depth) throws Refusal {
        if (depth == 0) return 1;
        List<Position[]> moves = legalMoves(board);
        if (depth == 1) return moves.size();
        long n = 0;
        for (Position[] m : moves) {
            try {
                Board after = (Board) board.clone();
                after.move(m[0], m[1]);
                n += perft(after, depth - 1);
            } catch (CloneNotSupportedException | ImpossiblePositionException e) {
                throw new Refusal("failed", e.toString());
            }
        }
        return n;
    }

    // ---- requests ----

    @SuppressWarnings("unchecked")
    static Object answer(Map<String, Object> request) throws Refusal {
        String cmd = String.valueOf(request.get("cmd"));
        if (cmd.equals("hello")) {
            Map<String, Object> hello = new LinkedHashMap<>();
            hello.put("name", "drtnf/threeChess (trichess shim)");
            hello.put("version", System.getProperty("drtnf.version", "unknown"));
            hello.put("protocol", 1L);
            hello.put("perft", true);
            hello.put("batch", true);
            hello.put("validates", false); // it has no position reader: trichess sends only valid positions
            Map<String, Object> variants = new LinkedHashMap<>();
            variants.put("yalta", new LinkedHashMap<>());
            hello.put("variants", variants);
            return hello;
        }
        if (!"yalta".equals(request.get("variant"))) throw new Refusal("unsupported", "it plays yalta only");
        Board board = readPosition(request.get("position"));
        switch (cmd) {
            case "check": return true;
            case "moves": {
                List<Object> names = new ArrayList<>();
                for (Position[] m : legalMoves(board)) names.add(moveName(board, m[0], m[1]));
                return names;
            }
            case "play": return writePosition(play(board, String.valueOf(request.get("move"))));
            case "result": {
                Map<String, Object> outcome = new LinkedHashMap<>();
                outcome.put("status", "ongoing"); // every king is on the board: its game goes on
                return outcome;
            }
            case "perft": {
                Object depth = request.get("depth");
                if (!(depth instanceof Long) || (Long) depth < 0) throw new Refusal("failed", "depth must be a whole number");
                return perft(board, (Long) depth);
            }
            default: throw new Refusal("unsupported", "no such command: " + cmd);
        }
    }

    static Map<String, Object> reply(Object request) {
        Map<String, Object> out = new LinkedHashMap<>();
        Object id = request instanceof Map ? ((Map<?, ?>) request).get("id") : null;
        out.put("id", id);
        try {
            if (!(request instanceof Map)) throw new Refusal("failed", "a request is a JSON object");
            @SuppressWarnings("unchecked") Map<String, Object> r = (Map<String, Object>) request;
            out.put("ok", answer(r));
        } catch (Refusal e) {
            out.put("error", e.kind);
            out.put("message", e.getMessage());
        } catch (RuntimeException e) {
            out.put("error", "failed");
            out.put("message", e.toString());
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        if (args.length == 1 && args[0].equals("--start")) {
            out.println(Json.write(writePosition(new Board(0))));
            out.flush();
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue;
            Object reply;
            try {
                Object request = Json.read(line);
                if (request instanceof List) {
                    List<Object> replies = new ArrayList<>();
                    for (Object r : (List<?>) request) replies.add(reply(r));
                    reply = replies;
                } else {
                    reply = reply(request);
                }
            } catch (IllegalArgumentException e) {
                Map<String, Object> error = new LinkedHashMap<>();
                error.put("id", null);
                error.put("error", "failed");
                error.put("message", "not JSON: " + e.getMessage());
                reply = error;
            }
            out.println(Json.write(reply));
            out.flush();
        }
    }
}
