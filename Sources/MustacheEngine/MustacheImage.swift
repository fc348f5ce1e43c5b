/// A library's program and tables copied once into memory of its own, read through pointers for every render.
/// Why: threads render from one library at once, and reading an array that a shared value holds retains its
/// buffer, a write to a line every thread writes (measured as a rise of the CPU per page on two threads);
/// reading through a pointer writes nothing.
final class MustacheImage: @unchecked Sendable {  // immutable after init, freed with the last library holding it
    struct Pointers {
        let ops: UnsafeBufferPointer<MustacheProgram.Op>
        let pool: UnsafeBufferPointer<UInt8>
        let parts: UnsafeBufferPointer<String>
        let names: UnsafeBufferPointer<MustacheProgram.Name>
        let templates: UnsafeBufferPointer<Range<Int>>
        let memoizable: UnsafeBufferPointer<Bool>
        let escapers: UnsafeBufferPointer<any MustacheContentType>
        let givenBlocks: UnsafeBufferPointer<MustacheProgram.GivenBlock>
        let blockTables: UnsafeBufferPointer<Range<Int>>
        let sites: UnsafeBufferPointer<MustacheProgram.Site>
    }

    let pointers: Pointers

    init(_ program: MustacheProgram, memoizable: [Bool], escapers: [any MustacheContentType]) {
        pointers = Pointers(
            ops: Self.copy(program.ops), pool: Self.copy(program.pool), parts: Self.copy(program.parts),
            names: Self.copy(program.names), templates: Self.copy(program.templates), memoizable: Self.copy(memoizable),
            escapers: Self.copy(escapers), givenBlocks: Self.copy(program.givenBlocks), blockTables: Self.copy(program.blockTables),
            sites: Self.copy(program.sites))
    }

    deinit {
        Self.free(pointers.ops)
        Self.free(pointers.pool)
        Self.free(pointers.parts)
        Self.free(pointers.names)
        Self.free(pointers.templates)
        Self.free(pointers.memoizable)
        Self.free(pointers.escapers)
        Self.free(pointers.givenBlocks)
        Self.free(pointers.blockTables)
        Self.free(pointers.sites)
    }

    private static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: max(array.count, 1))
        memory.initialize(from: array, count: array.count)
        return UnsafeBufferPointer(start: memory, count: array.count)
    }

    private static func free<T>(_ buffer: UnsafeBufferPointer<T>) {
        let memory = UnsafeMutablePointer(mutating: buffer.baseAddress!)
        memory.deinitialize(count: buffer.count)
        memory.deallocate()
    }
}
