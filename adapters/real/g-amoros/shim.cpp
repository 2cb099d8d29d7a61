// trichess protocol shim for g-amoros/Jeu-d-Echec-Yalta (C++20, no licence: built from the
// user's own checkout, never copied). Our own code: it speaks trichess's engine protocol
// (PROTOCOL.md) on standard input and output and answers each request with the engine's model
// library (`Partie::coupsLegaux`, `jouerCoup`, `tenterRoque`, `estMat`, `estPat`,
// `estTerminee`).
//
// Cell names: the engine's Position{secteur 0..2, colonne 'a'..'h', rang 1..4} is trichess's
// cell of seat A, B, C with the same file and rank (Position{0,'e',1} is Ae1). Colours: the
// engine's BLANC (sector 0, moves first), NOIR (1) and ROUGE (2) are trichess's Red (r, seat
// A), Green (g, B) and Blue (b, C). README.md says how this was checked.
//
// The engine's Partie can only be built at its starting position; the shim sets a position
// by writing its private members through explicit template instantiation (the standard's
// access exemption for explicit instantiations, [temp.spec.general]), without changing
// any of its code.

#include "json.hpp"

#include "modele/Partie.h"
#include "modele/PieceFactory.h"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef YALTA_VERSION
#define YALTA_VERSION "unknown"
#endif

using shim::Json;
using namespace yalta;

// ---- access to Partie's private state (explicit instantiation, see the header comment) ----

template <typename Tag, typename Tag::type Member>
struct Robber {
    friend typename Tag::type get(Tag) { return Member; }
};

#define ROB(TAG, TYPE, MEMBER)                                  \
    struct TAG {                                                \
        using type = TYPE Partie::*;                            \
        friend type get(TAG);                                   \
    };                                                          \
    template struct Robber<TAG, &Partie::MEMBER>

ROB(PiecesTag, std::vector<std::unique_ptr<Piece>>, pieces_);
ROB(PlateauTag, Plateau, plateau_);
ROB(JoueursTag, std::vector<Joueur>, joueurs_);
ROB(HistoriqueTag, std::vector<Coup>, historique_);
ROB(TourTag, int, tourCourant_);
ROB(SansProgresTag, int, coupsSansProgres_);

namespace {

struct Refusal {
    std::string kind;
    std::string message;
};

// ---- names ----

const char* const LETTERS = "rgb";  // trichess's army letters of seats A, B, C

char letterOf(Couleur c) {
    switch (c) {
        case Couleur::BLANC: return 'r';
        case Couleur::NOIR: return 'g';
        case Couleur::ROUGE: return 'b';
    }
    return '?';
}

std::optional<Couleur> colourOf(char letter) {
    switch (letter) {
        case 'r': return Couleur::BLANC;
        case 'g': return Couleur::NOIR;
        case 'b': return Couleur::ROUGE;
        default: return std::nullopt;
    }
}

int seatIndex(Couleur c) { return static_cast<int>(c); }

std::string cellName(Position p) {
    std::string s;
    s += static_cast<char>('A' + p.secteur);
    s += p.colonne;
    s += static_cast<char>('0' + p.rang);
    return s;
}

std::optional<Position> cellOf(const std::string& s) {
    if (s.size() != 3) return std::nullopt;
    Position p {static_cast<std::int8_t>(s[0] - 'A'), s[1], static_cast<std::int8_t>(s[2] - '0')};
    if (!p.estValide()) return std::nullopt;
    return p;
}

char roleLetter(TypePiece t) {
    switch (t) {
        case TypePiece::PION: return 'P';
        case TypePiece::TOUR: return 'R';
        case TypePiece::CAVALIER: return 'N';
        case TypePiece::FOU: return 'B';
        case TypePiece::REINE: return 'Q';
        case TypePiece::ROI: return 'K';
    }
    return '?';
}

std::optional<TypePiece> roleOf(char c) {
    switch (c) {
        case 'P': return TypePiece::PION;
        case 'R': return TypePiece::TOUR;
        case 'N': return TypePiece::CAVALIER;
        case 'B': return TypePiece::FOU;
        case 'Q': return TypePiece::REINE;
        case 'K': return TypePiece::ROI;
        default: return std::nullopt;
    }
}

// ---- a position of trichess as a Partie ----

/// Reads trichess's JSON form of a Yalta position into a Partie. Refuses (unsupported) what
/// the engine has no state for: an army controlled by another seat (the engine has no army
/// takeover), a pending mate (it has none), a side to move without a king (its turn order
/// skips eliminated players), and castling rights, en passant cells it cannot hold (it keeps
/// castling as unmoved pieces, en passant as the last move). A first-check record is ignored:
/// the engine keeps none.
Partie readPosition(const Json& pos) {
    if (!pos.isObject()) throw Refusal {"unsupported", "the shim reads the JSON form of a position only"};
    Partie partie;
    auto& pieces = partie.*get(PiecesTag {});
    auto& plateau = partie.*get(PlateauTag {});
    auto& joueurs = partie.*get(JoueursTag {});
    pieces.clear();
    plateau = Plateau {};
    (partie.*get(HistoriqueTag {})).clear();
    partie.*get(SansProgresTag {}) = 0;

    std::set<std::string> castling;
    if (const Json* c = pos.get("castling"); c && c->kind == Json::Kind::Array)
        for (const Json& cell : c->items) castling.insert(cell.text);

    bool king[3] = {false, false, false};
    const Json* placed = pos.get("pieces");
    if (!placed || !placed->isObject()) throw Refusal {"invalid-position", "no pieces"};
    for (const auto& [cell, code] : placed->fields) {
        auto p = cellOf(cell);
        if (!p) throw Refusal {"invalid-position", "'" + cell + "' is not a Yalta cell"};
        if (!code.isString() || code.text.size() != 2)
            throw Refusal {"invalid-position", "bad piece on " + cell};
        auto colour = colourOf(code.text[0]);
        auto role = roleOf(code.text[1]);
        if (!colour || !role) throw Refusal {"invalid-position", "bad piece '" + code.text + "' on " + cell};
        auto piece = PieceFactory::creer(*role, *colour, *p);
        // Castling rights live in the engine as "has moved" flags of the king and the rook.
        const std::string home = std::string(1, static_cast<char>('A' + seatIndex(*colour)));
        if (*role == TypePiece::TOUR && !castling.count(cell)) piece->marquerDeplace();
        if (*role == TypePiece::ROI) {
            king[seatIndex(*colour)] = true;
            if (cell != home + "e1" || (!castling.count(home + "a1") && !castling.count(home + "h1")))
                piece->marquerDeplace();
        }
        plateau.poser(*p, piece.get());
        pieces.push_back(std::move(piece));
    }
    // Castling rights: the engine keeps them as the unmoved king on e1 and rook on a1 or h1.
    for (const std::string& cell : castling) {
        auto p = cellOf(cell);
        Piece* rook = p ? plateau.pieceEn(*p) : nullptr;
        Piece* king = p ? plateau.pieceEn(Position {p->secteur, 'e', 1}) : nullptr;
        const bool held = p && p->rang == 1 && (p->colonne == 'a' || p->colonne == 'h') && rook &&
                          rook->getType() == TypePiece::TOUR && seatIndex(rook->getCouleur()) == p->secteur &&
                          king && king->getType() == TypePiece::ROI && seatIndex(king->getCouleur()) == p->secteur;
        if (!held)
            throw Refusal {"unsupported", "castling right " + cell +
                                              ": the engine holds castling rights only as an unmoved king on e1 "
                                              "and rook on a1 or h1"};
    }
    // The en passant cell: the engine reads it from its last move, a pawn's double step.
    if (const Json* ep = pos.get("en_passant"); ep && ep->isString()) {
        auto p = cellOf(ep->text);
        Position beyond = p ? Position {p->secteur, p->colonne, static_cast<std::int8_t>(p->rang + 1)} : Position {};
        Piece* pawn = p && p->rang == 3 ? plateau.pieceEn(beyond) : nullptr;
        if (!pawn || pawn->getType() != TypePiece::PION)
            throw Refusal {"unsupported", "en passant cell " + ep->text +
                                              ": the engine knows an en passant cell only as the last move, a "
                                              "pawn's double step past it"};
        const Position from {p->secteur, p->colonne, 2};
        (partie.*get(HistoriqueTag {})).push_back(Coup {from, beyond, TypeCoup::NORMAL, TypePiece::REINE});
    }
    if (const Json* earlier = pos.get("en_passant_earlier"); earlier && earlier->isString())
        throw Refusal {"unsupported", "a second en passant cell: the engine remembers one last move"};
    for (const auto& piece : pieces) {
        if (!king[seatIndex(piece->getCouleur())])
            throw Refusal {"unsupported",
                           "a piece of an army without its king (taken over): the engine has no army takeover"};
    }
    if (const Json* pending = pos.get("pending_mate"); pending && !pending->items.empty())
        throw Refusal {"unsupported", "a pending mate: the engine has none"};

    // A seat without a king has no pieces either (above): the engine's jouerCoup eliminates
    // such a player (no legal move, not in check).
    joueurs = {Joueur {Couleur::BLANC}, Joueur {Couleur::NOIR}, Joueur {Couleur::ROUGE}};
    for (int s = 0; s < 3; ++s) {
        if (!king[s]) {
            joueurs[s].estElimine = true;
            joueurs[s].raisonElimination = RaisonElimination::PAT;
        }
    }
    const Json* toMove = pos.get("to_move");
    if (!toMove || !toMove->isString() || toMove->text.size() != 1 || !colourOf(toMove->text[0]))
        throw Refusal {"invalid-position", "to_move is not r, g or b"};
    const int mover = seatIndex(*colourOf(toMove->text[0]));
    if (!king[mover])
        throw Refusal {"unsupported",
                       "the side to move has no king: the engine never gives the turn to a player it has eliminated"};
    partie.*get(TourTag {}) = mover;
    return partie;
}

/// Writes the Partie as trichess's JSON form of a Yalta position. The engine has no army
/// takeover, no first-check record and no pending mate: those fields are empty. The en
/// passant cell is the one the engine's `priseEnPassantPossible` reads from its history: the
/// cell the last move passed over if it was a pawn's double step.
std::string writePosition(const Partie& partie) {
    std::map<std::string, std::string> pieces;
    std::set<std::string> castling;
    for (const auto& [p, piece] : partie.plateau().cases()) {
        pieces[cellName(p)] = std::string {letterOf(piece->getCouleur()), roleLetter(piece->getType())};
    }
    for (int s = 0; s < 3; ++s) {
        const auto sector = static_cast<std::int8_t>(s);
        Piece* king = partie.plateau().pieceEn(Position {sector, 'e', 1});
        if (!king || king->getType() != TypePiece::ROI || seatIndex(king->getCouleur()) != s || king->aDejaBouge())
            continue;
        for (char file : {'a', 'h'}) {
            Piece* rook = partie.plateau().pieceEn(Position {sector, file, 1});
            if (rook && rook->getType() == TypePiece::TOUR && seatIndex(rook->getCouleur()) == s && !rook->aDejaBouge())
                castling.insert(cellName(Position {sector, file, 1}));
        }
    }
    std::string enPassant = "null";
    const auto& history = partie.*get(HistoriqueTag {});
    if (!history.empty()) {
        const Coup& last = history.back();
        Piece* pawn = partie.plateau().pieceEn(last.destination);
        if (pawn && pawn->getType() == TypePiece::PION && std::abs(last.destination.rang - last.origine.rang) == 2) {
            Position passed {last.origine.secteur, last.origine.colonne,
                             static_cast<std::int8_t>((last.origine.rang + last.destination.rang) / 2)};
            enPassant = shim::quoted(cellName(passed));
        }
    }
    std::ostringstream out;
    out << "{\"to_move\": \"" << letterOf(partie.joueurActif().couleur) << "\", \"pieces\": {";
    bool first = true;
    for (const auto& [cell, code] : pieces) {
        out << (first ? "" : ", ") << shim::quoted(cell) << ": " << shim::quoted(code);
        first = false;
    }
    out << "}, \"castling\": [";
    first = true;
    for (const auto& cell : castling) {
        out << (first ? "" : ", ") << shim::quoted(cell);
        first = false;
    }
    out << "], \"en_passant\": " << enPassant
        << ", \"en_passant_earlier\": null, \"control\": {}, \"first_check\": {}, \"pending_mate\": []}";
    return out.str();
}

// ---- moves ----

struct Listed {
    std::string name;
    Coup coup;
};

/// The moves of the side to move as the engine's game offers them: `coupsLegaux()` (every
/// move its interface plays), and castling where `tenterRoque` succeeds on a copy. None once
/// `estTerminee()`: the engine's game takes no move then. The engine has no en passant
/// capture to play and never offers a promotion.
std::vector<Listed> movesOf(const Partie& partie) {
    std::vector<Listed> moves;
    if (partie.estTerminee()) return moves;
    for (const Coup& coup : partie.coupsLegaux())
        moves.push_back({cellName(coup.origine) + "-" + cellName(coup.destination), coup});
    for (TypeCoup side : {TypeCoup::ROQUE_PETIT, TypeCoup::ROQUE_GRAND}) {
        Partie copy = partie;
        if (!copy.tenterRoque(side)) continue;
        const Coup& done = (copy.*get(HistoriqueTag {})).back();
        const std::int8_t sector = done.origine.secteur;
        const char rookFile = side == TypeCoup::ROQUE_PETIT ? 'h' : 'a';
        moves.push_back({cellName(done.origine) + "-" + cellName(done.destination) + "/" +
                             cellName(Position {sector, rookFile, 1}),
                         done});
    }
    return moves;
}

/// Plays `m` (one of `movesOf`) on `partie`.
void playListed(Partie& partie, const Listed& m) {
    const bool played = m.coup.type == TypeCoup::NORMAL ? partie.jouerCoup(m.coup) : partie.tenterRoque(m.coup.type);
    if (!played) throw Refusal {"failed", "the engine refused its own move " + m.name};
}

std::uint64_t perft(const Partie& partie, int depth) {
    if (depth == 0) return 1;
    const auto moves = movesOf(partie);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const Listed& m : moves) {
        Partie next = partie;
        playListed(next, m);
        n += perft(next, depth - 1);
    }
    return n;
}

std::string resultOf(const Partie& partie) {
    int live = 0;
    char winner = '?';
    for (const Joueur& j : partie.joueurs()) {
        if (!j.estElimine) {
            ++live;
            winner = letterOf(j.couleur);
        }
    }
    if (live <= 1) return std::string("{\"status\": \"won\", \"winner\": \"") + winner + "\", \"reason\": \"last-king-standing\"}";
    const Couleur c = partie.joueurActif().couleur;
    const std::string seat(1, letterOf(c));
    if (partie.estMat(c)) return "{\"status\": \"eliminated\", \"seat\": \"" + seat + "\", \"reason\": \"checkmate\"}";
    if (partie.estPat(c)) return "{\"status\": \"eliminated\", \"seat\": \"" + seat + "\", \"reason\": \"stalemate\"}";
    return "{\"status\": \"ongoing\"}";
}

// ---- requests ----

std::string idText(const Json& request) {
    const Json* id = request.get("id");
    return id && id->kind == Json::Kind::Number ? id->text : "null";
}

std::string hello(const std::string& id) {
    return "{\"id\": " + id +
           ", \"ok\": {\"name\": \"g-amoros/Jeu-d-Echec-Yalta (trichess shim)\", \"version\": " +
           shim::quoted(YALTA_VERSION) +
           ", \"protocol\": 1, \"perft\": true, \"batch\": true, \"validates\": false, \"variants\": {\"yalta\": {}}}}";
}

std::string answer(const Json& request) {
    const std::string id = idText(request);
    try {
        const Json* cmd = request.get("cmd");
        if (!cmd || !cmd->isString()) throw Refusal {"failed", "no cmd"};
        if (cmd->text == "hello") return hello(id);
        const Json* variant = request.get("variant");
        if (!variant || variant->text != "yalta")
            throw Refusal {"unsupported", "the engine plays Yalta only"};
        const Json* pos = request.get("position");
        if (!pos) throw Refusal {"failed", "no position"};
        Partie partie = readPosition(*pos);
        std::string ok;
        if (cmd->text == "check") {
            ok = "true";
        } else if (cmd->text == "moves") {
            ok = "[";
            bool first = true;
            for (const Listed& m : movesOf(partie)) {
                ok += (first ? "" : ", ") + shim::quoted(m.name);
                first = false;
            }
            ok += "]";
        } else if (cmd->text == "play") {
            const Json* mv = request.get("move");
            if (!mv || !mv->isString()) throw Refusal {"failed", "no move"};
            const auto moves = movesOf(partie);
            auto it = std::find_if(moves.begin(), moves.end(), [&](const Listed& m) { return m.name == mv->text; });
            if (it == moves.end())
                throw Refusal {"illegal-move", mv->text + " is not among the engine's moves here"};
            playListed(partie, *it);
            ok = writePosition(partie);
        } else if (cmd->text == "result") {
            ok = resultOf(partie);
        } else if (cmd->text == "perft") {
            const Json* depth = request.get("depth");
            if (!depth || depth->kind != Json::Kind::Number || depth->number < 0)
                throw Refusal {"failed", "no depth"};
            ok = std::to_string(perft(partie, static_cast<int>(depth->number)));
        } else {
            throw Refusal {"failed", "unknown cmd '" + cmd->text + "'"};
        }
        return "{\"id\": " + id + ", \"ok\": " + ok + "}";
    } catch (const Refusal& r) {
        return "{\"id\": " + id + ", \"error\": " + shim::quoted(r.kind) + ", \"message\": " +
               shim::quoted(r.message) + "}";
    } catch (const std::exception& e) {
        return "{\"id\": " + id + ", \"error\": \"failed\", \"message\": " + shim::quoted(e.what()) + "}";
    }
}

std::string line(const std::string& text) {
    Json request;
    try {
        request = shim::Reader(text).document();
    } catch (const std::exception& e) {
        return "{\"id\": null, \"error\": \"failed\", \"message\": " +
               shim::quoted(std::string("the line is not JSON: ") + e.what()) + "}";
    }
    if (request.kind != Json::Kind::Array) return answer(request);
    std::string out = "[";
    for (std::size_t i = 0; i < request.items.size(); ++i) out += (i ? ", " : "") + answer(request.items[i]);
    return out + "]";
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    if (argc == 2 && std::string(argv[1]) == "--start") {
        // The engine's own starting position, in trichess's JSON form (for checking the
        // cell-name mapping against `trichess start yalta --json`).
        std::cout << writePosition(Partie {}) << "\n";
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "--game") {
        // Plays MOVES one after another in ONE Partie from POSITION (trichess's JSON form) and
        // prints, after each, whose turn it is and whom the model has put out: the model's own
        // game, whose eliminations the protocol's positions cannot carry from one request to
        // the next. For reproductions: yalta-shim --game POSITION MOVE...
        try {
            Partie partie = readPosition(shim::Reader(argv[2]).document());
            for (int i = 3; i < argc; ++i) {
                const auto moves = movesOf(partie);
                auto it = std::find_if(moves.begin(), moves.end(), [&](const Listed& m) { return m.name == argv[i]; });
                if (it == moves.end()) {
                    std::cout << argv[i] << ": not among the model's moves\n";
                    return 1;
                }
                playListed(partie, *it);
                std::cout << argv[i] << ": " << letterOf(partie.joueurActif().couleur) << " to move; out:";
                for (const Joueur& j : partie.joueurs())
                    if (j.estElimine)
                        std::cout << " " << letterOf(j.couleur)
                                  << (j.raisonElimination == RaisonElimination::MAT ? " (checkmate)" : " (stalemate)");
                std::cout << "\n";
            }
        } catch (const Refusal& r) {
            std::cout << r.kind << ": " << r.message << "\n";
            return 1;
        } catch (const std::exception& e) {
            std::cout << "failed: " << e.what() << "\n";
            return 1;
        }
        return 0;
    }
    std::string text;
    while (std::getline(std::cin, text)) {
        if (text.empty()) continue;
        std::cout << line(text) << "\n" << std::flush;
    }
    return 0;
}
